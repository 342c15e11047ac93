#pragma once
/* Everything of libtribo, for a user's program (layers in doc/architecture.md). */
#include <tribosys.h>
#include <tribonum.h>
#include <tribolaw.h>
#include <tribomasing.h>
#include <tribohb.h>
#include <tribofe.h>
#include <tribosurf.h>
#include <triborom.h>
#include <tribocb.h>
#include <tribohbop.h>
#include <tribomodel.h>
#include <triboio.h>
#include <tribocont.h>
#include <tribonma.h>
#include <tribotransient.h>
#include <tribofit.h>
