#!/usr/bin/env bash
# tribo law, bad input: an unknown law, parameters outside a law's admissible set, malformed formulas (the option and
# the character named), tables whose header or columns do not match (the file, line and column named), conflicting
# options, a normal traction for a law without kn, a misspelt option. Each is one line "tribo law: error: ..." naming
# what was wrong, a non-zero exit, and no result file.
set -u
source tests/cli/lib.sh
export TRIBO_PYTHON=/bin/true
d=$TMPDIR_TEST
printf 'time,u1,u2\n0,0,0\n' > "$d/cols.csv"
printf 'time,u1,u2,un\n0,0,0,0\n1,1e-6,0\n' > "$d/short.csv"
printf 'time,u1,u2,un\n0,0,0,0\n1,1e-6,abc,0\n' > "$d/nan.csv"
printf 'time,u1,u2,un\n0,0,0,0\n1,1e-6,0,0\n0.5,0,0,0\n' > "$d/back.csv"
bad() { expect_error_words law "$d" "$@"; } # name expected-words -- args... (tests/cli/lib.sh)
S=(-law_u1 "sin(1e-6,1)")
bad unknown_law "unknown interface law" "nope" "-friction_type" "jenkins" -- -friction_type nope "${S[@]}"
bad unknown_law_prefix "unknown interface law" "-b_friction_type" -- -law_laws a,b -b_friction_type nope "${S[@]}"
bad negative_kt "kt" ">= 0" "-friction_kt" -- -friction_type jenkins -friction_kt -1 "${S[@]}"
bad coupled "coupled must be 0" -- -friction_type jenkins -friction_coupled 0.5 "${S[@]}"
bad eps_zero "tanh" -- -friction_type tanh -friction_eps 0 "${S[@]}"
bad few_args "-law_u1" "character 1" "sin takes 2 to 3 arguments" -- -friction_type jenkins -law_u1 "sin(1e-6)"
bad unclosed "-law_u1" "character 11" "expected ',' or ')'" -- -friction_type jenkins -law_u1 "sin(1e-6,1"
bad unknown_term "-law_un" "character 9" "unknown term 'rmp'" -- -friction_type jenkins -law_un "1e-6 +  rmp(1,0)"
bad no_sign "-law_u2" "expected + or -" -- -friction_type jenkins -law_u2 "1 2"
bad zero_freq "-law_u1" "frequency of cos must be > 0" -- -friction_type jenkins -law_u1 "cos(1e-6,0)"
bad header "cols.csv line 1" "time,u1,u2,un" -- -friction_type jenkins -law_table cols.csv
bad columns "short.csv line 3" "3 columns, expected 4" -- -friction_type jenkins -law_table short.csv
bad number "nan.csv line 3, column 3 (u2)" "abc" -- -friction_type jenkins -law_table nan.csv
bad time_back "back.csv line 4, column 1 (time)" "increase" -- -friction_type jenkins -law_table back.csv
bad no_table "-law_table" "missing.csv" -- -friction_type jenkins -law_table missing.csv
bad table_and_formula "-law_u1" "-law_table" -- -friction_type jenkins -law_table back.csv "${S[@]}"
bad un_and_n "-law_un" "-law_n" -- -friction_type jenkins -law_un 1e-6 -law_n 1e6
bad n_without_kn "-law_n" "cubic" "kn" -- -friction_type cubic -law_n 1e6
bad kn_zero "-law_n" "kn = 0" "-friction_kn" -- -friction_type tanh -law_n 1e6 "${S[@]}"
bad no_history "needs a history" -- -friction_type jenkins
bad no_span "-law_time" -- -friction_type jenkins -law_u1 "ramp(1e-6)"
bad steps "-law_steps" -- -friction_type jenkins -law_steps 0 "${S[@]}"
bad names "-law_laws" "given twice" -- -law_laws a,a "${S[@]}"
bad leading_minus "-law_u1 has no formula" "0-sin" -- -friction_type jenkins -law_u1 "-sin(1e-6,1)"
bad misspelt "-law_u3" -- -friction_type jenkins -law_u3 "sin(1,1)"
bad prefix_unused "-c_friction_kt" -- -law_laws a,b -c_friction_kt 1 "${S[@]}"
# a history of 1e300 overflowed to NaN tractions written with exit 0 (issue 34, item 13)
printf 'time,u1,u2,N\n0,0,0,1e300\n0.1,1e300,0,1e300\n0.2,-1e300,0,1e300\n' >"$d/huge.csv"
bad overflow "law jenkins" "not finite" "sample 1" -- -friction_type jenkins -law_table "$d/huge.csv"
finish
