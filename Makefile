# tribo: one GNU Makefile reading PETSc's and SLEPc's configuration.
PETSC_DIR ?= /usr/lib/petsc
SLEPC_DIR ?= /usr/lib/slepc
export PETSC_DIR SLEPC_DIR
PETSC_ARCH :=

-include $(SLEPC_DIR)/lib/slepc/conf/slepc_variables

CC       := $(if $(PCC),$(PCC),mpicc)
# where objects and programs go: build/ and bin/; the sanitizer build (make test-sanitize) uses build-san/
B        ?= build
BIN      ?= bin
GITREV   := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(shell git diff --quiet HEAD -- 2>/dev/null || echo -dirty)
# the revision lives in one generated header, rewritten only when it changes
GITREV_H := $(B)/gitrev.h
$(shell mkdir -p $(B); echo '#define TRIBO_GIT_REVISION "$(GITREV)"' > $(B)/gitrev.h.new; cmp -s $(B)/gitrev.h.new $(B)/gitrev.h || mv $(B)/gitrev.h.new $(B)/gitrev.h; rm -f $(B)/gitrev.h.new)
CFLAGS   ?= -O2 -g
override CFLAGS += -std=c99 -Wall -Wextra -Wno-unused-parameter -fPIC -Iinclude -I$(B) $(SLEPC_CC_INCLUDES) $(PETSC_CC_INCLUDES)
LDLIBS   := $(SAN) $(SLEPC_EPS_LIB) $(PETSC_WITH_EXTERNAL_LIB) -lmatio -lnettle -lz -lm

LIBSRC   := $(filter-out src/cli/main.c,$(shell find src -name '*.c' | sort))
LIBOBJ   := $(LIBSRC:%.c=$(B)/%.o)
TESTSRC  := $(shell find tests -name 't[0-9]*.c' | sort)
TESTBIN  := $(patsubst %.c,$(B)/%,$(TESTSRC))
BENCHSRC := $(wildcard tests/bench/*.c)
BENCHBIN := $(patsubst %.c,$(B)/%,$(BENCHSRC))
HEADERS  := $(shell find include src -name '*.h')

NP ?= 2
MPIEXEC ?= mpiexec $(if $(filter 0,$(shell id -u)),--allow-run-as-root) --oversubscribe

# What a build needs from Debian (scripts/setup.sh installs it): said once, before the compiler
# would fail with "mpicc: No such file or directory"
MISSING := $(if $(wildcard $(SLEPC_DIR)/lib/slepc/conf/slepc_variables),,petsc-dev slepc-dev) \
           $(if $(shell command -v $(CC) 2>/dev/null),,openmpi-bin (mpicc)) \
           $(if $(wildcard /usr/include/matio.h),,libmatio-dev) \
           $(if $(wildcard /usr/include/yaml.h),,libyaml-dev) \
           $(if $(wildcard /usr/include/nettle/sha2.h),,nettle-dev) \
           $(if $(wildcard /usr/include/hdf5/openmpi/hdf5.h),,libhdf5-openmpi-dev)
MISSING := $(strip $(MISSING))

.PHONY: all lib setup demo test test-sanitize fuzz bench bench-scaling format format-check clean deps install
all: $(BIN)/tribo $(TESTBIN) $(BENCHBIN)

deps:
	@if [ -n "$(MISSING)" ]; then echo "tribo: cannot build: missing $(MISSING); 'make setup' installs them (as root or with sudo; 'make demo' and 'make test' run it first)" >&2; exit 1; fi

lib: $(B)/libtribo.a

$(B)/src/sys/version.o: $(GITREV_H)

$(B)/%.o: %.c $(HEADERS) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(B)/libtribo.a: $(LIBOBJ)
	@rm -f $@
	ar rcs $@ $^

$(BIN)/tribo: $(B)/src/cli/main.o $(B)/libtribo.a
	@mkdir -p $(BIN)
	$(CC) -o $@ $< $(B)/libtribo.a $(LDLIBS)

$(B)/tests/%: tests/%.c $(B)/libtribo.a $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $(B)/libtribo.a $(LDLIBS)

setup:
	@bash scripts/setup.sh

# the builds of make demo and make test run in parallel, one job per core, unless this make already
# shares a job server (make -jN demo); make demo builds only the program it runs
JOBS = $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(shell nproc 2>/dev/null || echo 2))

demo: setup
	@$(MAKE) --no-print-directory $(JOBS) $(BIN)/tribo
	@bash scripts/demo.sh

test: setup
	@$(MAKE) --no-print-directory $(JOBS) all
	@/usr/bin/python3 tests/runner.py

# the same program and tests built with AddressSanitizer and UndefinedBehaviorSanitizer (halting on the first
# finding) in build-san/, then the data-free tests (TRIBO_SAN_TESTS: runner -k patterns, default all) run on it
SANFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
test-sanitize: setup
	@$(MAKE) --no-print-directory B=build-san BIN=build-san/bin CFLAGS="$(SANFLAGS)" SAN="-fsanitize=address,undefined" all
	@ln -sfn ../python build-san/python # the program finds its post-processing package beside its folder
	@ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:halt_on_error=1:suppressions=$(CURDIR)/tests/asan.supp UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  TRIBO_BUILD_DIR=build-san TRIBO_PROGRAM=build-san/bin/tribo TRIBO_DATA_OFF=1 \
	  /usr/bin/python3 tests/runner.py $(foreach k,$(TRIBO_SAN_TESTS),-k $(k))

# a long mutation fuzzing of every input kind (tests/fuzz/fuzz.py); each finding's input and command go to
# tests/fuzz/findings/, and once fixed into tests/fuzz/corpus/ (replayed by make test and make test-sanitize)
FUZZ_BUDGET ?= 1800
FUZZ_SEED   ?= 1
fuzz: setup
	@$(MAKE) --no-print-directory all
	@/usr/bin/python3 tests/fuzz/fuzz.py --tribo $(BIN)/tribo --budget $(FUZZ_BUDGET) --seed $(FUZZ_SEED) --save tests/fuzz/findings

bench: setup
	@$(MAKE) --no-print-directory all
	@bash scripts/bench.sh

# strong scaling of tribo rom and of the BRB backbone on 1-16 ranks (TRIBO_SCALING_RANKS, _CASE, _NAMP: jobs/scaling.sh)
bench-scaling: setup
	@$(MAKE) --no-print-directory all
	@bash jobs/scaling.sh

format:
	clang-format -i $(shell find src include tests -name '*.[ch]')

format-check:
	@clang-format --dry-run --Werror $(shell find src include tests -name '*.[ch]')

clean:
	rm -rf build bin build-san

# make install PREFIX=...: the program, the library and its headers, a pkg-config file (libtribo),
# the Python post-processing package, the configurations, job scripts and the demo
PREFIX  ?= /usr/local
DESTDIR ?=
INSTALL_ROOT := $(DESTDIR)$(PREFIX)
install: bin/tribo build/libtribo.a
	install -d $(INSTALL_ROOT)/bin $(INSTALL_ROOT)/lib/pkgconfig $(INSTALL_ROOT)/include/tribo/private $(INSTALL_ROOT)/share/tribo/scripts
	install -m 755 bin/tribo $(INSTALL_ROOT)/bin/tribo
	install -m 644 build/libtribo.a $(INSTALL_ROOT)/lib/libtribo.a
	install -m 644 include/*.h $(INSTALL_ROOT)/include/
	install -m 644 include/tribo/private/*.h $(INSTALL_ROOT)/include/tribo/private/
	cp -R configs jobs $(INSTALL_ROOT)/share/tribo/
	install -m 755 scripts/demo.sh $(INSTALL_ROOT)/share/tribo/scripts/demo.sh
	install -m 644 scripts/mpiexec.sh $(INSTALL_ROOT)/share/tribo/scripts/mpiexec.sh
	if [ -d python/tribo ]; then install -d $(INSTALL_ROOT)/share/tribo/python/tribo && \
	  install -m 644 python/tribo/*.py $(INSTALL_ROOT)/share/tribo/python/tribo/; fi
	@printf '%s\n' 'prefix=$(PREFIX)' 'includedir=$${prefix}/include' 'libdir=$${prefix}/lib' '' \
	  'Name: libtribo' 'Description: nonlinear dynamics of bolted and frictional joints (PETSc, SLEPc, HDF5)' \
	  'Version: $(shell sed -n 's/^#define TRIBO_VERSION_STRING "\(.*\)"/\1/p' include/tribosys.h)' \
	  'Cflags: -I$${includedir} $(strip $(SLEPC_CC_INCLUDES) $(PETSC_CC_INCLUDES))' \
	  'Libs: -L$${libdir} -ltribo $(strip $(LDLIBS))' > $(INSTALL_ROOT)/lib/pkgconfig/libtribo.pc
	@echo "installed tribo in $(INSTALL_ROOT): bin/tribo, lib/libtribo.a, include/, lib/pkgconfig/libtribo.pc, share/tribo/"
