#include <cairo.h>
#include <hb.h>
