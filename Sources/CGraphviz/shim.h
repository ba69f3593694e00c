#include <graphviz/gvc.h>
#include <graphviz/gvplugin_textlayout.h>
