#pragma once
#include <tribosys.h>
#include <tribolaw.h>
#include <triborom.h>
#include <triboio.h>
#include <tribomodel.h>
#include <tribonma.h>
