// libxml2 built with ICU (Debian's is) includes ICU's headers from encoding.h, which clash with
// the copy inside Swift's Foundation (_FoundationICU: "UErrorCode has different definitions").
// vcgraph uses no ICU conversion and touches no structure with ICU fields, so leave them out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
