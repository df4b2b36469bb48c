/* The per-element tree walks of newscrawl's extraction, in C: the density method's feature
 * walk (text_density.measure), TCDT's tree index (tcdt/tree.py index_tree), the text-block
 * segmentation of jusText and boilerpipe (blocks.segment), two text helpers and the token
 * counts of text.token_counts.
 *
 * Each is the same single pass as its Python version, reading libxml2's tree through lxml's
 * public C API, so a page costs well under a microsecond per element instead of a Python step
 * per start and end event. Only the walks are here: class/id flags, hidden elements, noise
 * tests and self-links come from Python callbacks, and tests/extraction/test_walks_c.py checks
 * on every dataset page that both versions give the same results, element for element. The
 * Python modules fall back to their own walks when this module is not built.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <libxml/tree.h>

#include "lxml.etree.h"
#include "lxml.etree_api.h"

/* ---- text statistics: str.split()/str.strip() whitespace and symbol counts ---------- */

/* Python's str.isspace() set (Py_UNICODE_ISSPACE). */
static int is_space(Py_UCS4 c) {
    if (c < 128) return c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
    return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
           c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

/* Next code point of a UTF-8 string (libxml2 keeps text as valid UTF-8). */
static Py_UCS4 next_char(const unsigned char **p) {
    const unsigned char *s = *p;
    Py_UCS4 c = s[0];
    if (c < 0x80) { *p = s + 1; return c; }
    if ((c & 0xE0) == 0xC0 && s[1]) { *p = s + 2; return ((c & 0x1F) << 6) | (s[1] & 0x3F); }
    if ((c & 0xF0) == 0xE0 && s[1] && s[2]) {
        *p = s + 3;
        return ((c & 0x0F) << 12) | ((s[1] & 0x3F) << 6) | (s[2] & 0x3F);
    }
    if ((c & 0xF8) == 0xF0 && s[1] && s[2] && s[3]) {
        *p = s + 4;
        return ((c & 0x07) << 18) | ((s[1] & 0x3F) << 12) | ((s[2] & 0x3F) << 6) | (s[3] & 0x3F);
    }
    *p = s + 1;  /* not reached for libxml2 text; keep going rather than loop */
    return c;
}

typedef struct {
    Py_UCS4 *symbols;
    Py_ssize_t n_symbols;
    long line_min;
} TextRules;

typedef struct { long chars, symbols, lines; int blank; } TextStats;

static int is_symbol(const TextRules *rules, Py_UCS4 c) {
    for (Py_ssize_t i = 0; i < rules->n_symbols; i++)
        if (rules->symbols[i] == c) return 1;
    return 0;
}

/* Non-space characters, symbols and lines (of at least line_min stripped characters) of one
 * text value, as _count/_lines do in Python. */
static TextStats text_stats(const unsigned char *text, const TextRules *rules) {
    TextStats st = {0, 0, 0, 1};
    int multiline = strchr((const char *)text, '\n') != NULL;
    long line_span = 0, pending_space = 0;  /* current line: stripped length so far */
    int line_started = 0;
    const unsigned char *p = text;
    while (*p) {
        Py_UCS4 c = next_char(&p);
        if (c == '\n') {
            if (line_span >= rules->line_min) st.lines++;
            line_span = pending_space = 0;
            line_started = 0;
            continue;
        }
        if (is_space(c)) {
            if (line_started) pending_space++;
            continue;
        }
        st.blank = 0;
        st.chars++;
        if (is_symbol(rules, c)) st.symbols++;
        line_span += pending_space + 1;
        pending_space = 0;
        line_started = 1;
    }
    if (multiline) {
        if (line_span >= rules->line_min) st.lines++;
    } else {
        st.lines = st.chars >= rules->line_min;
    }
    return st;
}

/* ---- lxml's .text / .tail: consecutive text and CDATA nodes -------------------------- */

typedef struct { unsigned char *data; size_t len, cap; } Buffer;

static int buffer_add(Buffer *b, const xmlChar *s) {
    size_t n = strlen((const char *)s);
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->len + n + 1) * 2;
        unsigned char *grown = PyMem_Realloc(b->data, cap);
        if (!grown) { PyErr_NoMemory(); return -1; }
        b->data = grown;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
    return 0;
}

static int is_text_node(xmlNode *n) {
    return n && (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE);
}

/* lxml skips XInclude markers between text nodes; HTML has none, but stay faithful. */
static xmlNode *skip_xinclude(xmlNode *n) {
    while (n && (n->type == XML_XINCLUDE_START || n->type == XML_XINCLUDE_END)) n = n->next;
    return n;
}

/* Text of the run of text nodes starting at ``n`` into ``b``; 1 if there is any. */
static int collect_text(xmlNode *n, Buffer *b) {
    b->len = 0;
    if (b->data) b->data[0] = 0;
    n = skip_xinclude(n);
    if (!is_text_node(n)) return 0;
    while (is_text_node(n)) {
        if (n->content && buffer_add(b, n->content) < 0) return -1;
        n = skip_xinclude(n->next);
    }
    return b->len > 0;
}

/* lxml's _isElement: what iterwalk yields (elements, comments, PIs, entity references). */
static int is_element_like(xmlNode *n) {
    return n->type == XML_ELEMENT_NODE || n->type == XML_COMMENT_NODE ||
           n->type == XML_ENTITY_REF_NODE || n->type == XML_PI_NODE;
}

static xmlNode *first_element_like(xmlNode *n) {
    while (n && !is_element_like(n)) n = n->next;
    return n;
}

/* ``items`` reallocated to twice ``*cap`` items of ``size`` bytes (256 when it has none),
 * with ``*cap`` updated; NULL with MemoryError set, ``items`` untouched, when out of memory. */
static void *doubled(void *items, size_t *cap, size_t size) {
    size_t new_cap = *cap ? *cap * 2 : 256;
    void *grown = PyMem_Realloc(items, size * new_cap);
    if (!grown) { PyErr_NoMemory(); return NULL; }
    *cap = new_cap;
    return grown;
}

/* The walks' next step after a node's end event: its next element-like sibling's start,
 * else its parent's end. */
static xmlNode *after_end(xmlNode *node, int *entering) {
    xmlNode *sibling = first_element_like(node->next);
    *entering = sibling != NULL;
    return sibling ? sibling : node->parent;
}

typedef struct { xmlNode **items; size_t len, cap; } NodeList;

static int push_node(NodeList *list, xmlNode *n) {
    if (list->len == list->cap) {
        xmlNode **grown = doubled(list->items, &list->cap, sizeof(xmlNode *));
        if (!grown) return -1;
        list->items = grown;
    }
    list->items[list->len++] = n;
    return 0;
}

/* ---- attributes -------------------------------------------------------------------- */

/* The value of attribute ``name`` (no namespace) as a new str, or NULL (no error) if the
 * element has none. */
static PyObject *attribute(xmlNode *el, const char *name, Buffer *b) {
    for (xmlAttr *a = el->properties; a; a = a->next) {
        if (a->ns || strcmp((const char *)a->name, name) != 0) continue;
        b->len = 0;
        if (b->data) b->data[0] = 0;
        for (xmlNode *t = a->children; t; t = t->next)
            if (t->content && buffer_add(b, t->content) < 0) return NULL;
        return PyUnicode_DecodeUTF8(b->len ? (const char *)b->data : "", b->len, "replace");
    }
    return NULL;
}

/* (noise, content) of one class or id value through the Python cache/callback. */
static int value_flags(PyObject *cache, PyObject *compute, PyObject *value, int *noise,
                       int *boost) {
    PyObject *flags = PyDict_GetItemWithError(cache, value);
    if (flags) {
        Py_INCREF(flags);
    } else {
        if (PyErr_Occurred()) return -1;
        flags = PyObject_CallOneArg(compute, value);
        if (!flags) return -1;
    }
    int n = PyObject_IsTrue(PyTuple_GET_ITEM(flags, 0));
    int c = PyObject_IsTrue(PyTuple_GET_ITEM(flags, 1));
    Py_DECREF(flags);
    if (n < 0 || c < 0) return -1;
    *noise |= n;
    *boost |= c;
    return 0;
}

/* ---- the walk ------------------------------------------------------------------------ */

typedef struct {
    long t, lt, sb, tags, a, p;  /* running totals at the element's start */
    long raw;                    /* all text so far, noise included: never rolled back */
    long lines;                  /* direct lines: own text and children's tails */
    long order, mark;
    int noise, boost;
} Frame;

typedef struct {
    xmlNode *node;
    long order, link_chars, tags, link_tags, paragraphs, symbols, chars;
    int boost;
    double score;
} Row;

typedef struct {
    double boost, mass_exponent;
    long escape_ratio;
} ScoreRules;

/* text_density.score() with the same float operations in the same order. */
static double score(double text, long link_text, long tags, long link_tags, long paragraphs,
                    long symbols, const ScoreRules *r) {
    long tag_span = tags - link_tags;
    if (tag_span <= 0) {
        if (link_text > 0 && floor(text / (double)link_text) > r->escape_ratio) tag_span = tags;
        else if (tags == 0) tag_span = paragraphs - 1;
    }
    if (tag_span <= 0) return 0.0;
    double density = (text - (double)link_text) / (double)tag_span;
    if (density <= 0) return 0.0;
    double sbd = (text - (double)link_text) / (double)(symbols + 1);
    if (sbd < 1.0) sbd = 1.0;
    double result = density * log10((double)(paragraphs + 2)) * log(sbd);
    if (r->mass_exponent != 0.0) {
        double mass = text - (double)link_text;
        if (mass < 1.0) mass = 1.0;
        result *= pow(mass, r->mass_exponent);
    }
    return result;
}

static int row_order(const void *x, const void *y) {
    long a = ((const Row *)x)->order, b = ((const Row *)y)->order;
    return (a > b) - (a < b);
}

/* noise.is_hidden: "display:none" in the style with whitespace removed and
 * lower-cased (no non-ASCII character lower-cases into those ASCII letters, so the others
 * stand in as a byte that matches nothing). */
static int is_hidden(xmlNode *el, Buffer *b) {
    for (xmlAttr *a = el->properties; a; a = a->next) {
        if (a->ns || strcmp((const char *)a->name, "style") != 0) continue;
        b->len = 0;
        for (xmlNode *t = a->children; t; t = t->next)
            if (t->content && buffer_add(b, t->content) < 0) return -1;
        if (!b->len) return 0;
        /* squeeze in place: the result is never longer than the UTF-8 it came from */
        size_t kept = 0;
        const unsigned char *p = b->data;
        while (*p) {
            Py_UCS4 c = next_char(&p);
            if (is_space(c)) continue;
            b->data[kept++] = (unsigned char)(c >= 128 ? 0x01 : (c >= 'A' && c <= 'Z') ? c + 32 : c);
        }
        b->data[kept] = 0;
        return strstr((const char *)b->data, "display:none") != NULL;
    }
    return 0;
}

/* The node after ``n`` in a preorder walk of ``root``'s subtree: into an element's children,
 * else on to the next sibling, else up and on; NULL after the last. */
static xmlNode *next_in_preorder(xmlNode *n, xmlNode *root) {
    if (n->type == XML_ELEMENT_NODE && n->children) return n->children;
    while (n != root && !n->next) n = n->parent;
    return n == root ? NULL : n->next;
}

/* text_density.features.visible_chars: non-space characters of every text node under ``root``. */
static long visible_chars(xmlNode *root) {
    long count = 0;
    xmlNode *n = root->children;
    while (n && n != root) {
        if (is_text_node(n) && n->content) {
            const unsigned char *p = n->content;
            while (*p) if (!is_space(next_char(&p))) count++;
        }
        n = next_in_preorder(n, root);
    }
    return count;
}

static int tag_in(xmlNode *n, PyObject *names_bytes) {
    Py_ssize_t size = PyTuple_GET_SIZE(names_bytes);
    for (Py_ssize_t i = 0; i < size; i++)
        if (strcmp((const char *)n->name, PyBytes_AS_STRING(PyTuple_GET_ITEM(names_bytes, i))) == 0)
            return 1;
    return 0;
}

static PyObject *proxy(struct LxmlDocument *doc, xmlNode *n) {
    return (PyObject *)elementFactory(doc, n);
}

static PyObject *density_measure(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"root", "skip_noise", "flag_cache", "flags_of", "noise_share",
                               "noise_tags", "symbols", "line_min", "content_boost",
                               "content_tags", "mass_exponent", "escape_ratio",
                               "paragraph_tags", NULL};
    PyObject *root_obj, *cache, *flags_of, *noise_tags, *symbols_str, *content_tags;
    PyObject *paragraph_tags;
    int skip_noise;
    long line_min, escape_ratio;
    double noise_share, content_boost, mass_exponent;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OpO!OdO!UldO!dlO!", keywords, &root_obj,
                                     &skip_noise, &PyDict_Type, &cache, &flags_of,
                                     &noise_share, &PyTuple_Type, &noise_tags, &symbols_str,
                                     &line_min, &content_boost, &PyTuple_Type, &content_tags,
                                     &mass_exponent, &escape_ratio, &PyTuple_Type,
                                     &paragraph_tags))
        return NULL;
    struct LxmlElement *root_el = rootNodeOrRaise(root_obj);
    if (!root_el) return NULL;
    xmlNode *root = root_el->_c_node;
    struct LxmlDocument *doc = root_el->_doc;

    TextRules rules = {NULL, 0, line_min};
    ScoreRules score_rules = {content_boost, mass_exponent, escape_ratio};
    Frame *stack = NULL;
    Row *rows = NULL;
    xmlNode **excluded = NULL;
    size_t stack_cap = 64, rows_cap = 256, excluded_cap = 16, depth = 0, n_rows = 0,
           n_excluded = 0;
    Buffer text = {NULL, 0, 0}, attr = {NULL, 0, 0};
    PyObject *result = NULL, *found_list = NULL, *excluded_list = NULL;
    Py_DECREF(root_el);

    rules.symbols = PyUnicode_AsUCS4Copy(symbols_str);
    if (!rules.symbols) goto done;
    rules.n_symbols = PyUnicode_GET_LENGTH(symbols_str);
    stack = PyMem_Malloc(sizeof(Frame) * stack_cap);
    rows = PyMem_Malloc(sizeof(Row) * rows_cap);
    excluded = PyMem_Malloc(sizeof(xmlNode *) * excluded_cap);
    if (!stack || !rows || !excluded) { PyErr_NoMemory(); goto done; }

    long total_t = 0, total_lt = 0, total_sb = 0, total_tags = 0, total_a = 0, total_p = 0;
    long total_raw = 0, link_depth = 0, order = 0;
    double noise_limit = -1.0;
    xmlNode *node = root;
    int entering = 1;  /* start event for ``node`` next, else its end event */
    while (node) {
        Frame *owner = NULL;
        xmlNode *text_from = NULL;  /* first node of the text run to count */
        if (node->type != XML_ELEMENT_NODE) {
            /* a comment/PI: no start work; its tail is the parent's text */
            owner = depth ? &stack[depth - 1] : NULL;
            text_from = node->next;
            entering = 0;
        } else if (entering) {
            const char *tag = (const char *)node->name;
            int noise = 0, boost = 0;
            PyObject *value = attribute(node, "class", &attr);
            if (!value && PyErr_Occurred()) goto done;
            if (value) {
                int failed = value_flags(cache, flags_of, value, &noise, &boost);
                Py_DECREF(value);
                if (failed) goto done;
            }
            value = attribute(node, "id", &attr);
            if (!value && PyErr_Occurred()) goto done;
            if (value) {
                int failed = value_flags(cache, flags_of, value, &noise, &boost);
                Py_DECREF(value);
                if (failed) goto done;
            }
            /* a content tag (<article>) names content as a content word does */
            if (!boost) boost = tag_in(node, content_tags);
            if (skip_noise) {
                if (!noise) noise = tag_in(node, noise_tags);
                if (!noise) {
                    int hidden = is_hidden(node, &attr);
                    if (hidden < 0) goto done;
                    noise = hidden;
                }
            } else {
                noise = 0;
            }
            if (depth == stack_cap) {
                Frame *grown = doubled(stack, &stack_cap, sizeof(Frame));
                if (!grown) goto done;
                stack = grown;
            }
            Frame *f = &stack[depth++];
            f->t = total_t; f->lt = total_lt; f->sb = total_sb; f->tags = total_tags;
            f->a = total_a; f->p = total_p; f->lines = 0; f->order = order;
            f->mark = (long)n_rows; f->noise = noise; f->boost = boost; f->raw = total_raw;
            order++;
            total_tags++;
            if (strcmp(tag, "a") == 0) { link_depth++; total_a++; }
            else if (strcmp(tag, "p") == 0) total_p++;
            owner = f;
            text_from = node->children;
        } else {
            Frame *f = &stack[--depth];
            const char *tag = (const char *)node->name;
            int is_a = strcmp(tag, "a") == 0, is_p = strcmp(tag, "p") == 0;
            long chars = total_t - f->t, link_chars = total_lt - f->lt;
            int noise = f->noise, dropped = 0;
            if (noise && node != root) {
                if (noise_limit < 0)  /* on the first noise element: many pages have none */
                    noise_limit = (double)visible_chars(root) * noise_share;
                /* one that also names content is weighed with all its text */
                long weighed = f->boost ? total_raw - f->raw : chars;
                if ((double)weighed <= noise_limit) {  /* roll back: its text is not counted */
                    total_t = f->t; total_lt = f->lt; total_sb = f->sb; total_tags = f->tags;
                    total_a = f->a; total_p = f->p;
                    n_rows = (size_t)f->mark;
                    if (n_excluded == excluded_cap) {
                        xmlNode **grown = doubled(excluded, &excluded_cap, sizeof(xmlNode *));
                        if (!grown) goto done;
                        excluded = grown;
                    }
                    excluded[n_excluded++] = node;
                    dropped = 1;
                }
            }
            if (!dropped && chars > link_chars) {
                long tags = total_tags - f->tags - 1;
                long paragraphs = total_p - f->p - is_p + f->lines;
                if (tags || paragraphs > 1) {
                    long link_tags = total_a - f->a - is_a;
                    double text_chars = f->boost ? (double)chars * score_rules.boost
                                                 : (double)chars;
                    double value = score(text_chars, link_chars, tags, link_tags, paragraphs,
                                         total_sb - f->sb, &score_rules);
                    if (value > 0) {
                        if (n_rows == rows_cap) {
                            Row *grown = doubled(rows, &rows_cap, sizeof(Row));
                            if (!grown) goto done;
                            rows = grown;
                        }
                        Row *r = &rows[n_rows++];
                        r->node = node; r->order = f->order; r->chars = chars;
                        r->boost = f->boost; r->link_chars = link_chars; r->tags = tags;
                        r->link_tags = link_tags; r->paragraphs = paragraphs;
                        r->symbols = total_sb - f->sb; r->score = value;
                    }
                }
            }
            /* a block of these tags holding its own text line is a paragraph of its
               ancestors, as a <p> is (div-per-paragraph templates) */
            if (!dropped && !is_p && f->lines > 0 && tag_in(node, paragraph_tags)) total_p++;
            if (is_a) link_depth--;
            if (node == root) break;
            owner = depth ? &stack[depth - 1] : NULL;
            text_from = node->next;
        }
        /* An element's own text, or a tail: the text of its owner, and one of its lines. */
        if (owner && text_from) {
            int has = collect_text(text_from, &text);
            if (has < 0) goto done;
            if (has) {
                TextStats st = text_stats(text.data, &rules);
                if (!st.blank) {
                    total_t += st.chars;
                    total_raw += st.chars;
                    total_sb += st.symbols;
                    if (link_depth) total_lt += st.chars;
                    owner->lines += st.lines;
                }
            }
        }
        /* Next event: first child-like node, else this node's end / the next sibling. */
        if (entering && node->type == XML_ELEMENT_NODE) {
            xmlNode *child = first_element_like(node->children);
            if (child) { node = child; entering = 1; }
            else entering = 0;  /* end event of the same node */
        } else {
            node = after_end(node, &entering);
        }
    }

    qsort(rows, n_rows, sizeof(Row), row_order);
    found_list = PyList_New((Py_ssize_t)n_rows);
    excluded_list = PyList_New((Py_ssize_t)n_excluded);
    if (!found_list || !excluded_list) goto done;
    for (size_t i = 0; i < n_rows; i++) {
        Row *r = &rows[i];
        PyObject *element = proxy(doc, r->node);
        if (!element) goto done;
        PyObject *text_chars = r->boost ? PyFloat_FromDouble((double)r->chars * content_boost)
                                        : PyLong_FromLong(r->chars);
        PyObject *row = text_chars ? Py_BuildValue(
            "(NlNllllld)", element, r->order, text_chars, r->link_chars, r->tags,
            r->link_tags, r->paragraphs, r->symbols, r->score) : NULL;
        if (!row) { if (!text_chars) Py_DECREF(element); goto done; }
        PyList_SET_ITEM(found_list, (Py_ssize_t)i, row);
    }
    for (size_t i = 0; i < n_excluded; i++) {
        PyObject *element = proxy(doc, excluded[i]);
        if (!element) goto done;
        PyList_SET_ITEM(excluded_list, (Py_ssize_t)i, element);
    }
    result = PyTuple_Pack(2, found_list, excluded_list);

done:
    Py_XDECREF(found_list);
    Py_XDECREF(excluded_list);
    PyMem_Free(rules.symbols);
    PyMem_Free(stack);
    PyMem_Free(rows);
    PyMem_Free(excluded);
    PyMem_Free(text.data);
    PyMem_Free(attr.data);
    return result;
}

/* ---- dom.paragraph_text ------------------------------------------------------------------ */

static int add_text_run(Buffer *b, xmlNode *n) {
    for (n = skip_xinclude(n); is_text_node(n); n = skip_xinclude(n->next))
        if (n->content && buffer_add(b, n->content) < 0) return -1;
    return 0;
}

/* Whitespace runs (str.split's, plus U+200B and U+FEFF) collapsed to one space and trimmed.
 * With ``keep_lines``, line by line with empty lines dropped (dom.element_text.join_lines over the text
 * split at "\n"); without, newlines are whitespace too (blocks._flat). */
static PyObject *collapsed_text(const unsigned char *text, size_t len, int keep_lines) {
    unsigned char *out = PyMem_Malloc(len + 1);
    if (!out) return PyErr_NoMemory();
    size_t n = 0, line_start = 0;
    int pending_space = 0, line_has_text = 0;
    const unsigned char *p = text, *stop = text + len;
    while (p < stop) {
        const unsigned char *at = p;
        Py_UCS4 c = next_char(&p);
        if (c == '\n' && keep_lines) {
            if (line_has_text) { out[n++] = '\n'; line_start = n; }
            else n = line_start;
            pending_space = line_has_text = 0;
            continue;
        }
        if (is_space(c) || c == 0x200B || c == 0xFEFF) {
            pending_space = line_has_text;
            continue;
        }
        if (pending_space) out[n++] = ' ';
        pending_space = 0;
        line_has_text = 1;
        memcpy(out + n, at, (size_t)(p - at));
        n += (size_t)(p - at);
    }
    if (!line_has_text) n = line_start;
    if (n && out[n - 1] == '\n') n--;  /* no separator after the last kept line */
    PyObject *result = PyUnicode_DecodeUTF8((const char *)out, (Py_ssize_t)n, "replace");
    PyMem_Free(out);
    return result;
}

/* A place of the walk: a node's start or end (``node`` its pre-order number; ``numbered``
 * the nodes numbered by then, so a node's end tells how many lie under it). */
typedef struct { size_t offset, node, numbered; int is_end; } Mark;

/* The marks a walk leaves for dom.subtree_lines, and the nodes it is inside. */
typedef struct {
    Mark *items;
    size_t len, cap, numbered;
    size_t *open;
    size_t n_open, open_cap;
} Marks;

static int push_mark(Marks *m, size_t offset, size_t node, int is_end) {
    if (m->len == m->cap) {
        Mark *grown = doubled(m->items, &m->cap, sizeof(Mark));
        if (!grown) return -1;
        m->items = grown;
    }
    Mark *mark = &m->items[m->len++];
    mark->offset = offset; mark->node = node; mark->numbered = m->numbered; mark->is_end = is_end;
    return 0;
}

/* A node under the top starts at the raw text's current end: it gets the next number. */
static int mark_start(Marks *m, size_t offset, int leaf) {
    size_t node = m->numbered++;
    if (push_mark(m, offset, node, 0) < 0) return -1;
    if (leaf) return push_mark(m, offset, node, 1);
    if (m->n_open == m->open_cap) {
        size_t *grown = doubled(m->open, &m->open_cap, sizeof(size_t));
        if (!grown) return -1;
        m->open = grown;
    }
    m->open[m->n_open++] = node;
    return 0;
}

/* paragraph_text's walk: the raw text under ``top`` into ``b`` (blocks and skipped
 * subtrees as dom.paragraph_text_in_python has them); with ``marks``, where each node
 * under ``top`` starts (after a block's opening newline) and ends (after its closing one),
 * in walk order, so their raw offsets ascend. */
static int walk_paragraphs(xmlNode *top, PyObject *block_tags, NodeList *skipped, Buffer *b,
                           Marks *marks) {
    xmlNode *node = top;
    int entering = 1;
    while (node) {
        if (node->type != XML_ELEMENT_NODE) {  /* comment/PI: only its tail counts */
            if (node != top) {
                if (marks && mark_start(marks, b->len, 1) < 0) return -1;
                if (add_text_run(b, node->next) < 0) return -1;
            }
            entering = 0;
        } else if (entering) {
            if (tag_in(node, block_tags) && buffer_add(b, (const xmlChar *)"\n") < 0) return -1;
            int skip = 0;
            if (node != top)
                for (size_t i = 0; i < skipped->len; i++)
                    if (skipped->items[i] == node) { skip = 1; break; }
            if (node != top && marks && mark_start(marks, b->len, 0) < 0) return -1;
            if (!skip) {
                if (add_text_run(b, node->children) < 0) return -1;
                xmlNode *child = first_element_like(node->children);
                if (child) { node = child; continue; }
            }
            entering = 0;
            continue;  /* the end event of the same node */
        } else {
            if (tag_in(node, block_tags) && buffer_add(b, (const xmlChar *)"\n") < 0) return -1;
            if (node == top) break;
            if (marks && push_mark(marks, b->len, marks->open[--marks->n_open], 1) < 0)
                return -1;
            if (add_text_run(b, node->next) < 0) return -1;
        }
        node = after_end(node, &entering);
    }
    return 0;
}

static PyObject *paragraph_text(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"element", "exclude", "block_tags", NULL};
    PyObject *element_obj, *exclude, *block_tags;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO!", keywords, &element_obj, &exclude,
                                     &PyTuple_Type, &block_tags))
        return NULL;
    struct LxmlElement *element = rootNodeOrRaise(element_obj);
    if (!element) return NULL;
    xmlNode *top = element->_c_node;
    Py_DECREF(element);
    NodeList skipped = {NULL, 0, 0};
    Buffer b = {NULL, 0, 0};
    PyObject *result = NULL;
    PyObject *seq = PySequence_Fast(exclude, "exclude must be iterable");
    if (!seq) return NULL;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        struct LxmlElement *e = rootNodeOrRaise(PySequence_Fast_GET_ITEM(seq, i));
        if (!e) { Py_DECREF(seq); goto done; }
        int failed = push_node(&skipped, e->_c_node);
        Py_DECREF(e);
        if (failed < 0) { Py_DECREF(seq); goto done; }
    }
    Py_DECREF(seq);
    if (buffer_add(&b, (const xmlChar *)"") < 0) goto done;
    if (walk_paragraphs(top, block_tags, &skipped, &b, NULL) < 0) goto done;
    result = collapsed_text(b.data, b.len, 1);

done:
    PyMem_Free(skipped.items);
    PyMem_Free(b.data);
    return result;
}

/* ---- dom.subtree_lines: which lines of an element's text each node under it holds ------ */

/* For each raw offset of ``offsets`` (ascending), the lines collapsed_text(text, 1) has
 * completed when its scan reaches it, and whether the line then open already holds text. */
static void lines_at(const unsigned char *text, size_t len, const size_t *offsets,
                     size_t n_offsets, long *done_at, int *open_at) {
    long done = 0;
    int line_has_text = 0;
    size_t k = 0;
    const unsigned char *p = text, *stop = text + len;
    while (p < stop) {
        size_t pos = (size_t)(p - text);
        while (k < n_offsets && offsets[k] <= pos) { done_at[k] = done; open_at[k] = line_has_text; k++; }
        Py_UCS4 c = next_char(&p);
        if (c == '\n') {
            if (line_has_text) done++;
            line_has_text = 0;
        } else if (!(is_space(c) || c == 0x200B || c == 0xFEFF)) {
            line_has_text = 1;
        }
    }
    for (; k < n_offsets; k++) { done_at[k] = done; open_at[k] = line_has_text; }
}

static PyObject *subtree_lines(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"element", "block_tags", NULL};
    PyObject *element_obj, *block_tags;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO!", keywords, &element_obj,
                                     &PyTuple_Type, &block_tags))
        return NULL;
    struct LxmlElement *element = rootNodeOrRaise(element_obj);
    if (!element) return NULL;
    xmlNode *top = element->_c_node;
    Py_DECREF(element);
    Buffer b = {NULL, 0, 0};
    NodeList skipped = {NULL, 0, 0};
    Marks marks = {NULL, 0, 0, 0, NULL, 0, 0};
    size_t *offsets = NULL, *start_mark = NULL;
    long *done_at = NULL;
    int *open_at = NULL;
    PyObject *result = NULL, *text = NULL, *spans = NULL;
    if (buffer_add(&b, (const xmlChar *)"") < 0) goto done;
    if (walk_paragraphs(top, block_tags, &skipped, &b, &marks) < 0) goto done;
    text = collapsed_text(b.data, b.len, 1);
    if (!text) goto done;
    size_t n_marks = marks.len, n_nodes = marks.numbered;
    offsets = PyMem_Malloc(sizeof(size_t) * (n_marks + 1));
    done_at = PyMem_Malloc(sizeof(long) * (n_marks + 1));
    open_at = PyMem_Malloc(sizeof(int) * (n_marks + 1));
    start_mark = PyMem_Malloc(sizeof(size_t) * (n_nodes + 1));
    if (!offsets || !done_at || !open_at || !start_mark) { PyErr_NoMemory(); goto done; }
    for (size_t i = 0; i < n_marks; i++) offsets[i] = marks.items[i].offset;
    lines_at(b.data, b.len, offsets, n_marks, done_at, open_at);
    /* Four 32-bit numbers a node in one bytes object: the reader indexes a memoryview of
     * it, and one Python int a number cost more than the walk. */
    spans = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(4 * n_nodes * sizeof(int32_t)));
    if (!spans) goto done;
    int32_t *numbers = (int32_t *)PyBytes_AS_STRING(spans);
    for (size_t i = 0; i < n_marks; i++) {
        Mark *m = &marks.items[i];
        if (!m->is_end) { start_mark[m->node] = i; continue; }
        size_t start = start_mark[m->node];
        int32_t *row = numbers + 4 * m->node;
        row[0] = (int32_t)done_at[start];
        row[1] = (int32_t)(done_at[i] + (open_at[i] ? 1 : 0));
        row[2] = !open_at[start] && !open_at[i];
        row[3] = (int32_t)(m->numbered - m->node - 1);
    }
    result = PyTuple_Pack(2, text, spans);

done:
    Py_XDECREF(text);
    Py_XDECREF(spans);
    PyMem_Free(b.data);
    PyMem_Free(marks.items);
    PyMem_Free(marks.open);
    PyMem_Free(start_mark);
    PyMem_Free(offsets);
    PyMem_Free(done_at);
    PyMem_Free(open_at);
    return result;
}

/* ---- blocks.segment: text blocks for jusText and boilerpipe -------------------------- */

/* Inline text gathered since the last block boundary: the parts joined as they stand (an
 * inline element's edge is no word's: "<b>T</b>he"), and how many there are. */
typedef struct { Buffer text; size_t parts; } Parts;

static int parts_add(Parts *parts, const xmlChar *s) {
    if (buffer_add(&parts->text, s) < 0) return -1;
    parts->parts++;
    return 0;
}

static void parts_clear(Parts *parts) {
    parts->text.len = 0;
    parts->parts = 0;
}

typedef struct {
    Parts text, links;
    NodeList open;  /* the open block elements, innermost last */
    long headings, in_links;
    int link_gap;  /* text outside links came after the last link text of the block */
    Buffer run;
    struct LxmlDocument *doc;
    PyObject *rows;
} Segmenter;

/* A run of text nodes (an element's .text or .tail) into the current parts. */
static int segment_text(Segmenter *sg, xmlNode *first) {
    int has = collect_text(first, &sg->run);
    if (has <= 0) return has;
    if (parts_add(&sg->text, sg->run.data) < 0) return -1;
    if (!sg->in_links) {
        sg->link_gap = 1;
        return 0;
    }
    /* Two links' texts with text between them stay two words ("Home World"). */
    if (sg->link_gap && sg->links.parts && parts_add(&sg->links, (const xmlChar *)" ") < 0)
        return -1;
    sg->link_gap = 0;
    return parts_add(&sg->links, sg->run.data);
}

/* The block of the parts so far (if it has text and lies in a block element). */
static int segment_flush(Segmenter *sg) {
    int failed = 0;
    PyObject *text = collapsed_text(sg->text.text.data, sg->text.text.len, 0);
    if (!text) return -1;
    if (PyUnicode_GET_LENGTH(text) && sg->open.len) {
        PyObject *links = sg->links.parts
            ? collapsed_text(sg->links.text.data, sg->links.text.len, 0)
            : PyUnicode_FromString("");
        PyObject *element = links ? proxy(sg->doc, sg->open.items[sg->open.len - 1]) : NULL;
        PyObject *row = element ? Py_BuildValue("(OOOnOn)", text, links,
                                                sg->headings > 0 ? Py_True : Py_False,
                                                (Py_ssize_t)sg->open.len, element,
                                                PyList_GET_SIZE(sg->rows)) : NULL;
        failed = !row || PyList_Append(sg->rows, row) < 0;
        Py_XDECREF(row);
        Py_XDECREF(element);
        Py_XDECREF(links);
    }
    Py_DECREF(text);
    parts_clear(&sg->text);
    parts_clear(&sg->links);
    sg->link_gap = 0;
    return failed ? -1 : 0;
}

static PyObject *segment_blocks(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"start", "segment_tags", "heading_tags", NULL};
    PyObject *start_obj, *segment_tags, *heading_tags;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO!O!", keywords, &start_obj,
                                     &PyTuple_Type, &segment_tags, &PyTuple_Type, &heading_tags))
        return NULL;
    struct LxmlElement *start_el = rootNodeOrRaise(start_obj);
    if (!start_el) return NULL;
    xmlNode *top = start_el->_c_node;
    Segmenter sg = {{{NULL, 0, 0}, 0}, {{NULL, 0, 0}, 0}, {NULL, 0, 0}, 0, 0, 0, {NULL, 0, 0},
                    start_el->_doc, PyList_New(0)};
    PyObject *result = NULL;
    if (!sg.rows) goto done;

    xmlNode *node = top;
    int entering = 1;
    while (node) {
        if (node->type != XML_ELEMENT_NODE) {  /* comment/PI: only its tail counts */
            if (node != top && segment_text(&sg, node->next) < 0) goto done;
            entering = 0;
        } else {
            int block = node == top || tag_in(node, segment_tags);
            int link = !block && strcmp((const char *)node->name, "a") == 0;
            int heading = tag_in(node, heading_tags);
            if (entering) {
                if (block) {
                    if (sg.text.parts && segment_flush(&sg) < 0) goto done;
                    if (push_node(&sg.open, node) < 0) goto done;
                } else if (link) {
                    sg.in_links++;
                }
                if (heading) sg.headings++;
                if (segment_text(&sg, node->children) < 0) goto done;
                xmlNode *child = first_element_like(node->children);
                if (child) { node = child; continue; }
                entering = 0;
                continue;  /* the end event of the same node */
            }
            if (block) {
                if (sg.text.parts && segment_flush(&sg) < 0) goto done;
                sg.open.len--;
            } else if (link) {
                sg.in_links--;
            }
            if (heading) sg.headings--;
            if (node == top) break;
            if (segment_text(&sg, node->next) < 0) goto done;
        }
        node = after_end(node, &entering);
    }
    if (sg.text.parts && segment_flush(&sg) < 0) goto done;
    result = sg.rows;
    sg.rows = NULL;

done:
    Py_XDECREF(sg.rows);
    Py_DECREF(start_el);
    PyMem_Free(sg.text.text.data);
    PyMem_Free(sg.links.text.data);
    PyMem_Free(sg.open.items);
    PyMem_Free(sg.run.data);
    return result;
}

/* ---- elements by attribute substrings ---------------------------------------------------- */

/* The elements under ``root`` (itself included), in document order, with any of the given
 * attributes containing its substring: a superset filter for Python tests such as
 * authors.markup._is_author_markup, so that Python only looks at the few candidates. An empty
 * substring asks only for the attribute, with or without a value (HTML's boolean
 * ``hidden``, which libxml2 stores without one). */
static PyObject *elements_with(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"root", "attribute_substrings", NULL};
    PyObject *root_obj, *pairs;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO!", keywords, &root_obj, &PyTuple_Type,
                                     &pairs))
        return NULL;
    struct LxmlElement *root_el = rootNodeOrRaise(root_obj);
    if (!root_el) return NULL;
    xmlNode *root = root_el->_c_node;
    struct LxmlDocument *doc = root_el->_doc;
    Py_DECREF(root_el);
    Py_ssize_t n_pairs = PyTuple_GET_SIZE(pairs);
    for (Py_ssize_t i = 0; i < n_pairs; i++) {
        PyObject *pair = PyTuple_GET_ITEM(pairs, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 ||
            !PyBytes_Check(PyTuple_GET_ITEM(pair, 0)) || !PyBytes_Check(PyTuple_GET_ITEM(pair, 1))) {
            PyErr_SetString(PyExc_TypeError, "attribute_substrings: (bytes, bytes) pairs");
            return NULL;
        }
    }
    PyObject *found = PyList_New(0);
    if (!found) return NULL;
    Buffer b = {NULL, 0, 0};
    xmlNode *n = root;
    while (n) {
        if (n->type == XML_ELEMENT_NODE && n->properties) {
            int hit = 0;
            /* The attribute whose value the buffer holds: pairs that name one attribute in a
             * row (every class substring, then every id one) read its value once. */
            const char *filled = NULL;
            int present = 0;
            for (Py_ssize_t i = 0; !hit && i < n_pairs; i++) {
                PyObject *pair = PyTuple_GET_ITEM(pairs, i);
                const char *name = PyBytes_AS_STRING(PyTuple_GET_ITEM(pair, 0));
                const char *part = PyBytes_AS_STRING(PyTuple_GET_ITEM(pair, 1));
                if (!filled || strcmp(filled, name) != 0) {
                    filled = name;
                    present = 0;
                    b.len = 0;
                    for (xmlAttr *a = n->properties; a; a = a->next) {
                        if (a->ns || strcmp((const char *)a->name, name) != 0) continue;
                        present = 1;
                        for (xmlNode *t = a->children; t; t = t->next)
                            if (t->content && buffer_add(&b, t->content) < 0) goto fail;
                        break;
                    }
                }
                if (present)
                    hit = !part[0] || (b.len && strstr((const char *)b.data, part) != NULL);
            }
            if (hit) {
                PyObject *element = (PyObject *)elementFactory(doc, n);
                if (!element) goto fail;
                int failed = PyList_Append(found, element);
                Py_DECREF(element);
                if (failed < 0) goto fail;
            }
        }
        n = next_in_preorder(n, root);
    }
    PyMem_Free(b.data);
    return found;
fail:
    PyMem_Free(b.data);
    Py_DECREF(found);
    return NULL;
}

/* ---- text nodes by substrings ---------------------------------------------------------- */

/* The needles of one search, chained by the byte pair they begin with: a text position is
 * compared only with the needles that begin with its two bytes (an English text meets "or",
 * "th" and "re" at every few bytes, and a scan of every needle there cost more than the walk
 * itself). */
#define PAIR_BUCKETS 256
typedef struct {
    unsigned char pairs[65536 / 8]; /* a bit per byte pair that begins a needle */
    Py_ssize_t head[PAIR_BUCKETS];  /* first needle of a bucket, -1: none */
    Py_ssize_t *next;               /* next needle of the same bucket, -1: none */
    unsigned *pair_of;              /* each needle's first two bytes */
    PyObject *needles;
} NeedleIndex;

static unsigned pair_bucket(unsigned pair) { return ((pair >> 8) * 31u + (pair & 0xff)) & (PAIR_BUCKETS - 1); }

static int needle_index_init(NeedleIndex *index, PyObject *needles) {
    Py_ssize_t n = PyTuple_GET_SIZE(needles);
    memset(index->pairs, 0, sizeof index->pairs);
    for (Py_ssize_t b = 0; b < PAIR_BUCKETS; b++) index->head[b] = -1;
    index->needles = needles;
    index->next = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(Py_ssize_t));
    index->pair_of = PyMem_Malloc((size_t)(n ? n : 1) * sizeof(unsigned));
    if (!index->next || !index->pair_of) {
        PyMem_Free(index->next);
        PyMem_Free(index->pair_of);
        PyErr_NoMemory();
        return -1;
    }
    /* Backwards, so each chain lists its needles in the order given. */
    for (Py_ssize_t i = n - 1; i >= 0; i--) {
        PyObject *needle = PyTuple_GET_ITEM(needles, i);
        if (!PyBytes_Check(needle) || PyBytes_GET_SIZE(needle) < 2) {
            PyMem_Free(index->next);
            PyMem_Free(index->pair_of);
            PyErr_SetString(PyExc_TypeError, "substrings: bytes of two or more bytes");
            return -1;
        }
        const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(needle);
        unsigned pair = ((unsigned)b[0] << 8) | b[1];
        index->pairs[pair >> 3] |= (unsigned char)(1u << (pair & 7));
        index->pair_of[i] = pair;
        unsigned bucket = pair_bucket(pair);
        index->next[i] = index->head[bucket];
        index->head[bucket] = i;
    }
    return 0;
}

static void needle_index_free(NeedleIndex *index) {
    PyMem_Free(index->next);
    PyMem_Free(index->pair_of);
}

/* Whether ``text`` holds one of the index's needles (UTF-8, each at least two bytes): one
 * pass over its bytes, a needle compared only where its first two bytes stand. */
static int holds_any(const unsigned char *text, const NeedleIndex *index) {
    for (const unsigned char *p = text; p[0] && p[1]; p++) {
        unsigned pair = ((unsigned)p[0] << 8) | p[1];
        if (!(index->pairs[pair >> 3] & (1u << (pair & 7)))) continue;
        for (Py_ssize_t i = index->head[pair_bucket(pair)]; i >= 0; i = index->next[i]) {
            if (index->pair_of[i] != pair) continue;
            PyObject *needle = PyTuple_GET_ITEM(index->needles, i);
            Py_ssize_t size = PyBytes_GET_SIZE(needle);
            if (strncmp((const char *)p + 2, PyBytes_AS_STRING(needle) + 2, (size_t)size - 2) == 0)
                return 1;
        }
    }
    return 0;
}

/* The text nodes under ``root`` (its descendants, as XPath's ``.//text()`` selects them), in
 * document order, holding any of the given UTF-8 substrings: for each, the element the node
 * stands in (its parent: the element whose text it is, or whose child's tail) and its text.
 * XPath's ``contains()`` tests every node through a string copy, and finding which words a
 * page holds first took a serialisation of its whole text; this reads each node in place. */
static PyObject *texts_with(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"root", "substrings", NULL};
    PyObject *root_obj, *needles;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO!", keywords, &root_obj, &PyTuple_Type,
                                     &needles))
        return NULL;
    NeedleIndex index;
    if (needle_index_init(&index, needles) < 0) return NULL;
    struct LxmlElement *root_el = rootNodeOrRaise(root_obj);
    if (!root_el) {
        needle_index_free(&index);
        return NULL;
    }
    xmlNode *root = root_el->_c_node;
    struct LxmlDocument *doc = root_el->_doc;
    Py_DECREF(root_el);
    PyObject *found = PyList_New(0);
    if (!found) {
        needle_index_free(&index);
        return NULL;
    }
    xmlNode *n = root->children;
    while (n && n != root) {
        if (is_text_node(n) && n->content && n->parent && holds_any(n->content, &index)) {
            PyObject *owner = (PyObject *)elementFactory(doc, n->parent);
            if (!owner) goto fail;
            const char *content = (const char *)n->content;
            PyObject *text = PyUnicode_DecodeUTF8(content, (Py_ssize_t)strlen(content), "replace");
            PyObject *pair = text ? PyTuple_Pack(2, owner, text) : NULL;
            Py_DECREF(owner);
            Py_XDECREF(text);
            if (!pair) goto fail;
            int failed = PyList_Append(found, pair);
            Py_DECREF(pair);
            if (failed < 0) goto fail;
        }
        n = next_in_preorder(n, root);
    }
    needle_index_free(&index);
    return found;
fail:
    needle_index_free(&index);
    Py_DECREF(found);
    return NULL;
}

/* ---- auto's vote: the consensus of the candidates' token bags ------------------------- */

/* auto.consensus_bag_in_python: per token, the ``rank``-th smallest of its counts over
 * ``bags`` (zero where a bag lacks it), for the tokens that at least len(bags) - rank bags
 * hold (the others' value at ``rank`` is zero), written into ``consensus``. Chinese bags hold
 * a token per character, and the Python columns cost a third of the vote on Chinese pages. */
#define MAX_BAGS 64
static PyObject *consensus_counts(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"bags", "rank", "consensus", NULL};
    PyObject *bags, *consensus;
    Py_ssize_t rank;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$O!nO!", keywords, &PyList_Type, &bags,
                                     &rank, &PyDict_Type, &consensus))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(bags);
    if (n > MAX_BAGS || rank < 0 || (n && rank >= n)) {
        PyErr_SetString(PyExc_ValueError, "bags: at most 64, rank below their number");
        return NULL;
    }
    for (Py_ssize_t b = 0; b < n; b++) {
        if (!PyDict_Check(PyList_GET_ITEM(bags, b))) {
            PyErr_SetString(PyExc_TypeError, "bags: dicts of token counts");
            return NULL;
        }
    }
    if (n == 0) Py_RETURN_NONE;
    Py_ssize_t needed = n - rank;
    /* Every token of the bags before the last ``needed - 1`` opens its count here: a token
     * none of those holds is in fewer than ``needed`` bags. */
    PyObject *seen = PyDict_New();
    if (!seen) return NULL;
    for (Py_ssize_t b = 0; b <= n - needed; b++) {
        PyObject *bag = PyList_GET_ITEM(bags, b), *token, *count;
        Py_ssize_t at = 0;
        while (PyDict_Next(bag, &at, &token, &count)) {
            int present = PyDict_Contains(seen, token);
            if (present < 0 || (!present && PyDict_SetItem(seen, token, Py_None) < 0)) goto fail;
        }
    }
    long long counts[MAX_BAGS];
    PyObject *token, *ignored;
    Py_ssize_t at = 0;
    while (PyDict_Next(seen, &at, &token, &ignored)) {
        Py_ssize_t held = 0;
        for (Py_ssize_t b = 0; b < n; b++) {
            PyObject *count = PyDict_GetItemWithError(PyList_GET_ITEM(bags, b), token);
            if (!count) {
                if (PyErr_Occurred()) goto fail;
                counts[b] = 0;
                continue;
            }
            counts[b] = PyLong_AsLongLong(count);
            if (counts[b] == -1 && PyErr_Occurred()) goto fail;
            held++;
        }
        if (held < needed) continue;
        /* Insertion sort: a handful of bags. */
        for (Py_ssize_t i = 1; i < n; i++) {
            long long value = counts[i];
            Py_ssize_t j = i;
            while (j > 0 && counts[j - 1] > value) {
                counts[j] = counts[j - 1];
                j--;
            }
            counts[j] = value;
        }
        PyObject *value = PyLong_FromLongLong(counts[rank]);
        if (!value) goto fail;
        int failed = PyDict_SetItem(consensus, token, value);
        Py_DECREF(value);
        if (failed < 0) goto fail;
    }
    Py_DECREF(seen);
    Py_RETURN_NONE;
fail:
    Py_DECREF(seen);
    return NULL;
}

/* text.bag_overlap: the tokens two bags share, counted with multiplicity (the size of
 * ``first & second``), reading the smaller bag and looking each token up in the larger. */
static PyObject *bag_overlap(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"first", "second", NULL};
    PyObject *first, *second;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$O!O!", keywords, &PyDict_Type, &first,
                                     &PyDict_Type, &second))
        return NULL;
    PyObject *small = first, *large = second;
    if (PyDict_GET_SIZE(first) > PyDict_GET_SIZE(second)) {
        small = second;
        large = first;
    }
    long long shared = 0;
    PyObject *token, *count;
    Py_ssize_t at = 0;
    while (PyDict_Next(small, &at, &token, &count)) {
        PyObject *other = PyDict_GetItemWithError(large, token);
        if (!other) {
            if (PyErr_Occurred()) return NULL;
            continue;
        }
        long long a = PyLong_AsLongLong(count), b = PyLong_AsLongLong(other);
        if ((a == -1 || b == -1) && PyErr_Occurred()) return NULL;
        shared += a < b ? a : b;
    }
    return PyLong_FromLongLong(shared);
}

/* ---- title similarity: the bit-parallel LCS of title_text.LcsReference ----------------- */

/* LcsReference.lcs for a reference of at most 64 tokens: the same recurrence (Hyyrö 2004) on
 * one machine word. ``masks`` maps each reference token to the bits of its positions. A page's
 * title candidates are compared with every reading of its anchor or <title>, a few hundred
 * comparisons of a few dozen tokens each; a Python step per token cost more than the rest of
 * the title search. */
static PyObject *lcs_masked(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"masks", "length", "other", NULL};
    PyObject *masks, *other;
    Py_ssize_t length;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$O!nO", keywords, &PyDict_Type, &masks,
                                     &length, &other))
        return NULL;
    if (length < 0 || length > 64) {
        PyErr_SetString(PyExc_ValueError, "length: 0 to 64 tokens");
        return NULL;
    }
    PyObject *items = PySequence_Fast(other, "other: a sequence of tokens");
    if (!items) return NULL;
    uint64_t full = length == 64 ? ~(uint64_t)0 : (((uint64_t)1 << length) - 1), v = full;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    PyObject **tokens = PySequence_Fast_ITEMS(items);
    for (Py_ssize_t i = 0; i < n && length; i++) {
        PyObject *mask = PyDict_GetItemWithError(masks, tokens[i]);
        if (!mask) {
            if (PyErr_Occurred()) goto fail;
            continue; /* u = 0: v is unchanged */
        }
        uint64_t m = PyLong_AsUnsignedLongLong(mask);
        if (m == (uint64_t)-1 && PyErr_Occurred()) goto fail;
        uint64_t u = v & m;
        v = ((v + u) | (v - u)) & full;
    }
    Py_DECREF(items);
    return PyLong_FromSsize_t(length - (Py_ssize_t)__builtin_popcountll(v));
fail:
    Py_DECREF(items);
    return NULL;
}

/* ---- dom.cap_attributes: how many of two ASCII characters a str holds ------------------- */

/* (count of ``first``, count of ``second``) in ``text``, in one pass: the parser's guard
 * against a tag of thousands of attributes compares a page's "=" with its ">", and two
 * str.count scans of a 100 KB page of Chinese text cost more than one. */
static PyObject *count_two(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"text", "first", "second", NULL};
    PyObject *text;
    int first, second;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$UCC", keywords, &text, &first, &second))
        return NULL;
    if (PyUnicode_READY(text) < 0) return NULL;
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), a = 0, b = 0;
#define COUNT_TWO(UNIT)                                                                        \
    do {                                                                                       \
        const UNIT *chars = (const UNIT *)PyUnicode_DATA(text);                                \
        for (Py_ssize_t i = 0; i < length; i++) {                                              \
            a += chars[i] == (UNIT)first;                                                      \
            b += chars[i] == (UNIT)second;                                                     \
        }                                                                                      \
    } while (0)
    if (first > 0x7f || second > 0x7f) {
        PyErr_SetString(PyExc_ValueError, "first, second: ASCII characters");
        return NULL;
    }
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND: COUNT_TWO(Py_UCS1); break;
    case PyUnicode_2BYTE_KIND: COUNT_TWO(Py_UCS2); break;
    default: COUNT_TWO(Py_UCS4); break;
    }
#undef COUNT_TWO
    return Py_BuildValue("(nn)", a, b);
}

/* ---- dom.merge_text_runs: one text node per .text and per .tail ------------------------ */

/* Whether ``n`` starts a run of two or more text nodes (one .text or .tail in lxml). */
static int starts_text_run(xmlNode *n) {
    n = skip_xinclude(n);
    return is_text_node(n) && is_text_node(skip_xinclude(n->next));
}

/* lxml's test of text it will set (apihelpers' _is_valid_xml_utf8): no C0 control but tab,
 * LF and CR, no U+FFFE/U+FFFF, no encoded surrogate. libxml2 keeps such characters when it
 * parses them, and lxml refuses to set them: such a run stays as it is. */
static int settable_utf8(const unsigned char *s, size_t len) {
    for (size_t i = 0; i < len; i++) {
        unsigned char c = s[i];
        if (c < 0x20 && c != 0x09 && c != 0x0A && c != 0x0D) return 0;
        if (c == 0xEF && i + 2 < len && s[i + 1] == 0xBF && (s[i + 2] == 0xBE || s[i + 2] == 0xBF))
            return 0;
        if (c == 0xED && i + 1 < len && s[i + 1] >= 0xA0) return 0;
    }
    return 1;
}

/* The run starting at ``n`` as one str (lxml's reading of it), or NULL without an error set
 * when lxml would refuse to set it back. */
static PyObject *run_as_str(xmlNode *n, Buffer *b) {
    if (collect_text(n, b) < 0) return NULL;
    if (!settable_utf8(b->data, b->len)) return NULL;
    PyObject *text = PyUnicode_DecodeUTF8((const char *)b->data, (Py_ssize_t)b->len, "strict");
    if (!text) PyErr_Clear();  /* not UTF-8: leave the run alone */
    return text;
}

/* Each element's .text and each .tail under ``root`` that libxml2 holds as several adjacent
 * text nodes becomes one node with the same text. Stripping ``<br>``, comments and scripts
 * leaves such runs, and lxml reads a run by concatenating its nodes one at a time: a
 * ``<div>`` of thousands of ``<br>`` lines cost seconds at every read of its text. Returns how
 * many runs were merged. The texts read from the tree are the same before and after. */
static PyObject *merge_text_runs(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"root", NULL};
    PyObject *root_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$O", keywords, &root_obj)) return NULL;
    struct LxmlElement *root_el = rootNodeOrRaise(root_obj);
    if (!root_el) return NULL;
    xmlNode *top = root_el->_c_node;
    Buffer b = {NULL, 0, 0};
    Py_ssize_t merged = 0;
    int failed = 0;
    xmlNode *n = top;
    while (n && !failed) {
        for (int tail = 0; tail < 2 && !failed; tail++) {
            if (tail && n == top) break;  /* the root's tail is not under it */
            xmlNode *first = tail ? n->next : n->children;
            if (!starts_text_run(first)) continue;
            PyObject *text = run_as_str(first, &b);
            if (!text) { failed = PyErr_Occurred() != NULL; continue; }
            failed = (tail ? setTailText(n, text) : setNodeText(n, text)) < 0;
            Py_DECREF(text);
            merged += !failed;
        }
        /* Next element in document order: first child element, else the next element
         * sibling of the nearest ancestor (up to ``top``) that has one. */
        xmlNode *next = n->children;
        while (next && next->type != XML_ELEMENT_NODE) next = next->next;
        while (!next && n != top) {
            for (next = n->next; next && next->type != XML_ELEMENT_NODE; next = next->next) {}
            if (!next) n = n->parent;
        }
        n = next;
    }
    PyMem_Free(b.data);
    Py_DECREF(root_el);
    if (failed) return NULL;
    return PyLong_FromSsize_t(merged);
}

/* ---- dates.threads._element_at: the element whose text holds a character of the body text */

/* The element a text node of ``root`` stands in (its parent: the element whose text it is, or
 * whose child's tail) for the node that holds the character at ``offset`` of the
 * concatenated text of every text node under ``root`` (as XPath's ``descendant::text()``
 * lists them, each counted in code points); None past the end. The Python reference listed
 * every text node as a str to add up their lengths. */
static PyObject *element_at_offset(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"root", "offset", NULL};
    PyObject *root_obj;
    Py_ssize_t offset;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$On", keywords, &root_obj, &offset))
        return NULL;
    struct LxmlElement *root_el = rootNodeOrRaise(root_obj);
    if (!root_el) return NULL;
    xmlNode *root = root_el->_c_node;
    struct LxmlDocument *doc = root_el->_doc;
    Py_DECREF(root_el);
    Py_ssize_t total = 0;
    xmlNode *n = root->children;
    while (n && n != root) {
        if (is_text_node(n) && n->content) {
            for (const unsigned char *p = n->content; *p; p++)
                if ((*p & 0xC0) != 0x80) total++;
            if (offset < total && n->parent) return (PyObject *)elementFactory(doc, n->parent);
        }
        n = next_in_preorder(n, root);
    }
    Py_RETURN_NONE;
}

/* ---- which of some ASCII substrings a page's source holds ------------------------------ */

/* Each stage asks the page's source whether it holds one marker ("articleBody", "<footer",
 * "ld+json") before a tree search; a dozen `in` scans of a 100 KB page cost more than one
 * pass that looks for all of them. A marker is compared only where its first two characters
 * stand (a bit per ASCII pair); the pass ends once every marker is found. */
#define MAX_MARKERS 64
static PyObject *substrings_in(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"text", "substrings", NULL};
    PyObject *text, *needles;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$UO!", keywords, &text, &PyTuple_Type,
                                     &needles))
        return NULL;
    if (PyUnicode_READY(text) < 0) return NULL;
    Py_ssize_t n_needles = PyTuple_GET_SIZE(needles);
    if (n_needles > MAX_MARKERS) {
        PyErr_SetString(PyExc_ValueError, "substrings: at most 64");
        return NULL;
    }
    unsigned char pairs[128 * 128 / 8];
    memset(pairs, 0, sizeof pairs);
    const char *bytes_of[MAX_MARKERS];
    Py_ssize_t size_of[MAX_MARKERS];
    for (Py_ssize_t i = 0; i < n_needles; i++) {
        PyObject *needle = PyTuple_GET_ITEM(needles, i);
        if (!PyUnicode_Check(needle) || PyUnicode_READY(needle) < 0 ||
            !PyUnicode_IS_ASCII(needle) || PyUnicode_GET_LENGTH(needle) < 2) {
            PyErr_SetString(PyExc_TypeError, "substrings: ASCII str of two or more characters");
            return NULL;
        }
        bytes_of[i] = (const char *)PyUnicode_DATA(needle);
        size_of[i] = PyUnicode_GET_LENGTH(needle);
        unsigned pair = ((unsigned)bytes_of[i][0] << 7) | (unsigned)bytes_of[i][1];
        pairs[pair >> 3] |= (unsigned char)(1u << (pair & 7));
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    unsigned long long found = 0, all = n_needles == 64 ? ~0ULL : ((1ULL << n_needles) - 1);
    /* One loop per code unit width: the generic read costs a switch per character. */
#define SCAN_MARKERS(UNIT)                                                                    \
    do {                                                                                      \
        const UNIT *chars = (const UNIT *)PyUnicode_DATA(text);                               \
        for (Py_ssize_t at = 0; at + 1 < length && found != all; at++) {                      \
            UNIT first = chars[at], second = chars[at + 1];                                   \
            if (first >= 128 || second >= 128) continue;                                      \
            unsigned pair = ((unsigned)first << 7) | (unsigned)second;                        \
            if (!(pairs[pair >> 3] & (1u << (pair & 7)))) continue;                           \
            for (Py_ssize_t i = 0; i < n_needles; i++) {                                      \
                if (found & (1ULL << i) || (UNIT)bytes_of[i][0] != first ||                   \
                    (UNIT)bytes_of[i][1] != second || at + size_of[i] > length)               \
                    continue;                                                                 \
                Py_ssize_t k = 2;                                                             \
                while (k < size_of[i] && chars[at + k] == (UNIT)(unsigned char)bytes_of[i][k]) \
                    k++;                                                                      \
                if (k == size_of[i]) found |= 1ULL << i;                                      \
            }                                                                                 \
        }                                                                                     \
    } while (0)
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND: SCAN_MARKERS(Py_UCS1); break;
    case PyUnicode_2BYTE_KIND: SCAN_MARKERS(Py_UCS2); break;
    default: SCAN_MARKERS(Py_UCS4); break;
    }
#undef SCAN_MARKERS
    return PyLong_FromUnsignedLongLong(found);
}

/* ---- comment_sections.holds_prose: a block of prose below an element ------------------- */

/* Code points of ``text`` once str.strip() has taken its leading and trailing whitespace. */
static long stripped_chars(const unsigned char *text) {
    long count = 0, last_text = 0;
    int started = 0;
    const unsigned char *p = text;
    while (*p) {
        Py_UCS4 c = next_char(&p);
        if (is_space(c)) {
            if (started) count++;
            continue;
        }
        started = 1;
        last_text = ++count;
    }
    return last_text;
}

typedef struct { long chars, linked; } ProseTotals;

/* ``n`` or its first following sibling that is an element; NULL if none. */
static xmlNode *first_element(xmlNode *n) {
    while (n && n->type != XML_ELEMENT_NODE) n = n->next;
    return n;
}

/* Whether ``element`` holds a block whose own text reads as prose: ``min_chars`` characters
 * (each text node stripped, as holds_prose_in_python counts them), at most half inside
 * links. A block is ``element`` or an element of ``block_tags`` below it; a text node
 * counts toward the nearest, and is a link's when an ``<a>`` stands between. A block's
 * totals are final when its end is reached, so the first prose block answers. */
static PyObject *holds_prose(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"element", "block_tags", "min_chars", NULL};
    PyObject *element_obj, *block_tags;
    long min_chars;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO!l", keywords, &element_obj,
                                     &PyTuple_Type, &block_tags, &min_chars))
        return NULL;
    struct LxmlElement *element = rootNodeOrRaise(element_obj);
    if (!element) return NULL;
    xmlNode *top = element->_c_node;
    Py_DECREF(element);
    /* One frame per open element: whether it is a block, its block's totals (index into
     * ``totals``) and whether its text is a link's. */
    typedef struct { int is_block; size_t block; int in_link; } Frame;
    Frame *frames = NULL;
    ProseTotals *totals = NULL;
    size_t n_frames = 0, cap_frames = 0, n_totals = 0, cap_totals = 0;
    int found = 0;
    xmlNode *node = top;
    int entering = 1;
    while (node) {
        if (entering) {
            int is_block = node == top || tag_in(node, block_tags);
            if (n_frames == cap_frames) {
                Frame *grown = doubled(frames, &cap_frames, sizeof(Frame));
                if (!grown) goto fail;
                frames = grown;
            }
            size_t block;
            int in_link;
            if (is_block) {
                if (n_totals == cap_totals) {
                    ProseTotals *grown = doubled(totals, &cap_totals, sizeof(ProseTotals));
                    if (!grown) goto fail;
                    totals = grown;
                }
                totals[n_totals].chars = totals[n_totals].linked = 0;
                block = n_totals++;
                in_link = 0;
            } else {
                block = frames[n_frames - 1].block;
                in_link = frames[n_frames - 1].in_link || strcmp((const char *)node->name, "a") == 0;
            }
            frames[n_frames++] = (Frame){is_block, block, in_link};
            for (xmlNode *child = node->children; child; child = child->next) {
                if (!is_text_node(child) || !child->content) continue;
                long chars = stripped_chars(child->content);
                totals[block].chars += chars;
                if (in_link) totals[block].linked += chars;
            }
            xmlNode *child = first_element(node->children);
            if (child) { node = child; continue; }
            entering = 0;
            continue;
        }
        /* the end of ``node``: its frame is the last */
        Frame frame = frames[--n_frames];
        if (frame.is_block) {
            ProseTotals t = totals[frame.block];
            n_totals--;
            if (t.chars >= min_chars && 2 * t.linked <= t.chars) { found = 1; break; }
        }
        if (node == top) break;
        xmlNode *sibling = first_element(node->next);
        if (sibling) { node = sibling; entering = 1; }
        else node = node->parent;
    }
    PyMem_Free(frames);
    PyMem_Free(totals);
    return PyBool_FromLong(found);
fail:
    PyMem_Free(frames);
    PyMem_Free(totals);
    return NULL;
}

/* ---- TCDT's tree index ------------------------------------------------------------------ */

/* tokens.cjk_count: CJK Unified Ideographs, Extension A and Compatibility Ideographs. */
static long cjk_chars(const unsigned char *text) {
    long count = 0;
    const unsigned char *p = text;
    while (*p) {
        Py_UCS4 c = next_char(&p);
        if ((c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
            (c >= 0xF900 && c <= 0xFAFF))
            count++;
    }
    return count;
}

/* CJK characters in the run of text nodes starting at ``n`` (lxml's .text or .tail). */
static long cjk_of_text_run(xmlNode *n) {
    long count = 0;
    for (n = skip_xinclude(n); is_text_node(n); n = skip_xinclude(n->next))
        if (n->content) count += cjk_chars(n->content);
    return count;
}

static int has_attribute(xmlNode *el, const char *name) {
    for (xmlAttr *a = el->properties; a; a = a->next)
        if (!a->ns && strcmp((const char *)a->name, name) == 0) return 1;
    return 0;
}

static PyObject *long_list(const long *values, size_t n) {
    PyObject *list = PyList_New((Py_ssize_t)n);
    if (!list) return NULL;
    for (size_t i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (!v) { Py_DECREF(list); return NULL; }
        PyList_SET_ITEM(list, (Py_ssize_t)i, v);
    }
    return list;
}

static PyObject *bool_list(const char *values, size_t n) {
    PyObject *list = PyList_New((Py_ssize_t)n);
    if (!list) return NULL;
    for (size_t i = 0; i < n; i++) {
        PyObject *v = values[i] ? Py_True : Py_False;
        Py_INCREF(v);
        PyList_SET_ITEM(list, (Py_ssize_t)i, v);
    }
    return list;
}

/* tcdt/tree.py index_tree: (nodes, tags, depth, parent, cjk, link_cjk, has_reference, end,
 * text_cjk, text_link_cjk, noise, noise_roots) over the elements of ``body`` in preorder. */
static PyObject *tcdt_index(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"body", "page_url", "is_self_link", "is_noise", "noise_hints",
                               "noise_share", "flag_cache", "flags_of", "noise_tags", NULL};
    PyObject *body_obj, *page_url, *is_self_link, *is_noise, *hints;
    PyObject *cache = Py_None, *flags_of = Py_None, *noise_tags = Py_None;
    double share;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOO!d|OOO", keywords, &body_obj,
                                     &page_url, &is_self_link, &is_noise, &PyTuple_Type, &hints,
                                     &share, &cache, &flags_of, &noise_tags))
        return NULL;
    /* The noise test (noise.NoiseRules.is_noise), run here instead of called
     * back per element, when the caller hands over its rules. */
    int builtin_noise = PyDict_Check(cache) && PyTuple_Check(noise_tags);
    struct LxmlElement *body_el = rootNodeOrRaise(body_obj);
    if (!body_el) return NULL;
    xmlNode *body = body_el->_c_node;
    struct LxmlDocument *doc = body_el->_doc;
    Py_DECREF(body_el);

    NodeList nodes = {NULL, 0, 0};
    long *depth = NULL, *parent = NULL, *cjk = NULL, *text_cjk = NULL, *link_cjk = NULL,
         *text_link = NULL, *end = NULL;
    char *reference = NULL, *marked = NULL, *excluded = NULL, *noise = NULL;
    PyObject *proxies = NULL, *result = NULL;
    Buffer attr = {NULL, 0, 0};

    /* Preorder over element nodes only (Python's walk skips comments and their tails). */
    xmlNode *node = body;
    while (node) {
        if (node->type == XML_ELEMENT_NODE) {
            if (push_node(&nodes, node) < 0) goto done;
            xmlNode *child = node->children;
            while (child && child->type != XML_ELEMENT_NODE) child = child->next;
            if (child) { node = child; continue; }
        }
        while (node != body) {  /* up and on to the next element sibling */
            xmlNode *sibling = node->next;
            while (sibling && sibling->type != XML_ELEMENT_NODE) sibling = sibling->next;
            if (sibling) { node = sibling; break; }
            node = node->parent;
        }
        if (node == body) break;
    }
    size_t n = nodes.len;
    size_t alloc = n ? n : 1;
    depth = PyMem_Malloc(sizeof(long) * alloc); parent = PyMem_Malloc(sizeof(long) * alloc);
    cjk = PyMem_Malloc(sizeof(long) * alloc); text_cjk = PyMem_Malloc(sizeof(long) * alloc);
    link_cjk = PyMem_Malloc(sizeof(long) * alloc); text_link = PyMem_Malloc(sizeof(long) * alloc);
    end = PyMem_Malloc(sizeof(long) * alloc); reference = PyMem_Calloc(alloc, 1);
    marked = PyMem_Calloc(alloc, 1); excluded = PyMem_Calloc(alloc, 1);
    noise = PyMem_Calloc(alloc, 1);
    if (!depth || !parent || !cjk || !text_cjk || !link_cjk || !text_link || !end ||
        !reference || !marked || !excluded || !noise) { PyErr_NoMemory(); goto done; }

    /* Depth and parent position: in preorder, a node's ancestors are the open nodes. */
    proxies = PyList_New((Py_ssize_t)n);
    if (!proxies) goto done;
    {
        size_t top = 0;
        long *open = PyMem_Malloc(sizeof(long) * alloc);
        if (!open) { PyErr_NoMemory(); goto done; }
        long total = 0;
        for (size_t pos = 0; pos < n; pos++) {
            xmlNode *el = nodes.items[pos];
            /* close the open nodes that are not ancestors of ``el`` */
            while (top && nodes.items[open[top - 1]] != el->parent) top--;
            depth[pos] = (long)top;
            parent[pos] = top ? open[top - 1] : -1;
            open[top++] = (long)pos;
            long own = cjk_of_text_run(el->children);
            cjk[pos] = own;
            total += own;
            if (parent[pos] >= 0) {
                long tail = cjk_of_text_run(el->next);
                cjk[parent[pos]] += tail;
                total += tail;
            }
            const char *tag = (const char *)el->name;
            int is_link = strcmp(tag, "link") == 0;
            int refers = is_link;
            if (!refers && el->properties) {
                if (has_attribute(el, "src")) {
                    refers = 1;
                } else {
                    PyObject *href = attribute(el, "href", &attr);
                    if (!href && PyErr_Occurred()) { PyMem_Free(open); goto done; }
                    if (href) {
                        PyObject *self_link = PyObject_CallFunctionObjArgs(
                            is_self_link, href, page_url, NULL);
                        Py_DECREF(href);
                        if (!self_link) { PyMem_Free(open); goto done; }
                        int is_self = PyObject_IsTrue(self_link);
                        Py_DECREF(self_link);
                        if (is_self < 0) { PyMem_Free(open); goto done; }
                        refers = !is_self;
                    }
                }
            }
            reference[pos] = (char)refers;
            PyObject *element = (PyObject *)elementFactory(doc, el);
            if (!element) { PyMem_Free(open); goto done; }
            PyList_SET_ITEM(proxies, (Py_ssize_t)pos, element);
            if (is_noise != Py_None && pos > 0 && (el->properties || tag_in(el, hints))) {
                int is = 0;
                if (builtin_noise) {
                    int boost = 0;
                    is = tag_in(el, noise_tags);
                    for (int k = 0; !is && k < 2; k++) {
                        PyObject *value = attribute(el, k ? "id" : "class", &attr);
                        if (!value && PyErr_Occurred()) { PyMem_Free(open); goto done; }
                        if (!value) continue;
                        int failed = value_flags(cache, flags_of, value, &is, &boost);
                        Py_DECREF(value);
                        if (failed) { PyMem_Free(open); goto done; }
                    }
                    if (!is) is = is_hidden(el, &attr);
                } else {
                    PyObject *flag = PyObject_CallOneArg(is_noise, element);
                    if (!flag) { PyMem_Free(open); goto done; }
                    is = PyObject_IsTrue(flag);
                    Py_DECREF(flag);
                }
                if (is < 0) { PyMem_Free(open); goto done; }
                marked[pos] = (char)is;
            }
        }
        PyMem_Free(open);
        double noise_limit = share * (double)total;
        for (size_t pos = 0; pos < n; pos++) {
            text_cjk[pos] = cjk[pos];
            link_cjk[pos] = text_link[pos] = 0;
            end[pos] = (long)pos;
        }
        for (size_t i = n; i-- > 0;) {  /* children before parents */
            if (strcmp((const char *)nodes.items[i]->name, "a") == 0) {
                link_cjk[i] = cjk[i];
                text_link[i] = text_cjk[i];
            }
            excluded[i] = (char)(marked[i] && (double)cjk[i] <= noise_limit);
            long up = parent[i];
            if (up >= 0) {
                cjk[up] += cjk[i];
                link_cjk[up] += link_cjk[i];
                if (!excluded[i]) {
                    text_cjk[up] += text_cjk[i];
                    text_link[up] += text_link[i];
                }
                reference[up] = (char)(reference[up] || reference[i]);
                if (end[i] > end[up]) end[up] = end[i];
            }
        }
        for (size_t pos = 0; pos < n; pos++)
            noise[pos] = (char)(excluded[pos] || (parent[pos] >= 0 && noise[parent[pos]]));
    }
    {
        PyObject *tags = PyList_New((Py_ssize_t)n), *roots = PyList_New(0);
        if (!tags || !roots) { Py_XDECREF(tags); Py_XDECREF(roots); goto done; }
        for (size_t pos = 0; pos < n; pos++) {
            PyObject *tag = PyUnicode_FromString((const char *)nodes.items[pos]->name);
            if (!tag) { Py_DECREF(tags); Py_DECREF(roots); goto done; }
            PyList_SET_ITEM(tags, (Py_ssize_t)pos, tag);
            if (excluded[pos] &&
                PyList_Append(roots, PyList_GET_ITEM(proxies, (Py_ssize_t)pos)) < 0) {
                Py_DECREF(tags); Py_DECREF(roots); goto done;
            }
        }
        result = Py_BuildValue("(ONNNNNNNNNNN)", proxies, tags, long_list(depth, n),
                               long_list(parent, n), long_list(cjk, n), long_list(link_cjk, n),
                               bool_list(reference, n), long_list(end, n),
                               long_list(text_cjk, n), long_list(text_link, n),
                               bool_list(noise, n), roots);
    }

done:
    Py_XDECREF(proxies);
    PyMem_Free(nodes.items);
    PyMem_Free(depth); PyMem_Free(parent); PyMem_Free(cjk); PyMem_Free(text_cjk);
    PyMem_Free(link_cjk); PyMem_Free(text_link); PyMem_Free(end); PyMem_Free(reference);
    PyMem_Free(marked); PyMem_Free(excluded); PyMem_Free(noise); PyMem_Free(attr.data);
    return result;
}

/* ---- token counts: text.token_counts --------------------------------------------------- */

/* text.IDEOGRAPHS: one token each. */
static int is_ideograph(Py_UCS4 c) {
    return (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
           (c >= 0xF900 && c <= 0xFAFF);
}

/* What a character is to IDEOGRAPH_TOKENS' pattern: an ideograph (a token alone), a letter or
 * digit of a run (Py_UNICODE_ISALNUM, the ``[^\W_]`` of a str pattern), or neither. */
enum { TOKEN_NONE, TOKEN_RUN, TOKEN_IDEOGRAPH };

static int token_class(Py_UCS4 c) {
    if (c < 0x80)  /* ASCII: most text, no Unicode table lookup */
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                   ? TOKEN_RUN
                   : TOKEN_NONE;
    if (is_ideograph(c)) return TOKEN_IDEOGRAPH;
    return Py_UNICODE_ISALNUM(c) ? TOKEN_RUN : TOKEN_NONE;
}

/* Add ``seen`` to counts[token]; the reference to ``token`` is stolen (NULL: an error). */
static int add_count(PyObject *counts, PyObject *token, Py_ssize_t seen) {
    if (token == NULL) return -1;
    PyObject *old = PyDict_GetItemWithError(counts, token);
    if (old == NULL && PyErr_Occurred()) { Py_DECREF(token); return -1; }
    Py_ssize_t before = old == NULL ? 0 : PyLong_AsSsize_t(old);
    if (before == -1 && PyErr_Occurred()) { Py_DECREF(token); return -1; }
    PyObject *count = PyLong_FromSsize_t(before + seen);
    int failed = count == NULL || PyDict_SetItem(counts, token, count) < 0;
    Py_XDECREF(count);
    Py_DECREF(token);
    return failed ? -1 : 0;
}

/* Ideographs tallied in an array by code point, then added to the dict once each: on a long
 * Chinese text every character is a token, and a string and a dict update per character
 * cost most of the count. Slots: U+3400..U+9FFF, then U+F900..U+FAFF. */
#define IDEOGRAPH_LOW_SLOTS (0xA000 - 0x3400)
#define IDEOGRAPH_SLOTS (IDEOGRAPH_LOW_SLOTS + 0x200)
/* Texts shorter than this count ideographs one by one: the array's set-up costs more. */
#define IDEOGRAPH_ARRAY_MIN_LENGTH 4096

static Py_ssize_t ideograph_slot(Py_UCS4 c) {
    return c < 0xA000 ? (Py_ssize_t)(c - 0x3400) : IDEOGRAPH_LOW_SLOTS + (Py_ssize_t)(c - 0xF900);
}

static Py_UCS4 slot_ideograph(Py_ssize_t slot) {
    return slot < IDEOGRAPH_LOW_SLOTS ? (Py_UCS4)(0x3400 + slot)
                                      : (Py_UCS4)(0xF900 + slot - IDEOGRAPH_LOW_SLOTS);
}

/* The distinct tokens of one text, counted in C before any str is made: a text repeats its
 * words, and a str, a hash and two dict probes per occurrence cost most of the count. An
 * open-addressing table of spans of the text (its code units compared directly); ``order``
 * keeps first occurrences, so the dict receives its keys in the order a per-token count
 * would have inserted them. */
typedef struct {
    Py_ssize_t start, length, count;
    Py_uhash_t hash;
} TokenSpan;

typedef struct {
    TokenSpan *slots;   /* capacity entries, length 0 = empty */
    Py_ssize_t *order;  /* indices into slots, in first-occurrence order */
    Py_ssize_t capacity, used;
    int kind;
    const void *data;
} SpanTable;

/* FNV-1a over a token's code points, one at a time as the scan reads them; the table only
 * needs its own keys spread. */
#define SPAN_HASH_START ((Py_uhash_t)(14695981039346656037ULL & (Py_uhash_t)-1))
#define SPAN_HASH_STEP(hash, c) (((hash) ^ (Py_uhash_t)(c)) * (Py_uhash_t)1099511628211ULL)

static int span_equal(const SpanTable *table, const TokenSpan *span, Py_ssize_t start,
                      Py_ssize_t length) {
    if (span->length != length) return 0;
    const char *base = (const char *)table->data;
    return memcmp(base + span->start * table->kind, base + start * table->kind,
                  (size_t)(length * table->kind)) == 0;
}

static int span_table_grow(SpanTable *table) {
    Py_ssize_t capacity = table->capacity ? table->capacity * 2 : 256;
    TokenSpan *slots = PyMem_Calloc((size_t)capacity, sizeof(TokenSpan));
    Py_ssize_t *order = PyMem_Malloc((size_t)(capacity / 2 + 1) * sizeof(Py_ssize_t));
    if (slots == NULL || order == NULL) {
        PyMem_Free(slots);
        PyMem_Free(order);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t n = 0; n < table->used; n++) {
        const TokenSpan *old = &table->slots[table->order[n]];
        Py_ssize_t at = (Py_ssize_t)(old->hash & (Py_uhash_t)(capacity - 1));
        while (slots[at].length) at = (at + 1) & (capacity - 1);
        slots[at] = *old;
        order[n] = at;
    }
    PyMem_Free(table->slots);
    PyMem_Free(table->order);
    table->slots = slots;
    table->order = order;
    table->capacity = capacity;
    return 0;
}

/* Count text[start:start+length], whose span_hash is ``hash``, once more. */
static int span_table_add(SpanTable *table, Py_ssize_t start, Py_ssize_t length,
                          Py_uhash_t hash) {
    if (table->used * 2 >= table->capacity && span_table_grow(table) < 0) return -1;
    Py_ssize_t mask = table->capacity - 1, at = (Py_ssize_t)(hash & (Py_uhash_t)mask);
    for (;;) {
        TokenSpan *span = &table->slots[at];
        if (!span->length) {
            span->start = start;
            span->length = length;
            span->count = 1;
            span->hash = hash;
            table->order[table->used++] = at;
            return 0;
        }
        if (span->hash == hash && span_equal(table, span, start, length)) {
            span->count++;
            return 0;
        }
        at = (at + 1) & mask;
    }
}

/* Add every counted span to the dict, in first-occurrence order. */
static int span_table_flush(const SpanTable *table, PyObject *text, PyObject *counts) {
    for (Py_ssize_t n = 0; n < table->used; n++) {
        const TokenSpan *span = &table->slots[table->order[n]];
        PyObject *token = PyUnicode_Substring(text, span->start, span->start + span->length);
        if (add_count(counts, token, span->count) < 0) return -1;
    }
    return 0;
}

/* IDEOGRAPH_TOKENS' pattern, ``[IDEOGRAPHS]|[^\W_IDEOGRAPHS]+``, counted into a dict: an
 * ideograph is a token, as is every maximal run of other characters the re module calls
 * alphanumeric (Py_UNICODE_ISALNUM, the ``[^\W_]`` of a str pattern). The dict receives its
 * new keys in the order the tokens first occur (ideographs of a long text, tallied by code
 * point, after the runs). */
static PyObject *token_counts(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"text", "counts", NULL};
    PyObject *text, *counts;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$UO!", keywords, &text, &PyDict_Type,
                                     &counts))
        return NULL;
    if (PyUnicode_READY(text) < 0) return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), run = -1;
    SpanTable table = {NULL, NULL, 0, 0, kind, data};
    uint32_t *tally = NULL;
    if (length >= IDEOGRAPH_ARRAY_MIN_LENGTH && kind != PyUnicode_1BYTE_KIND) {
        tally = PyMem_Calloc(IDEOGRAPH_SLOTS, sizeof(uint32_t));
        if (tally == NULL) return PyErr_NoMemory();
    }
    Py_uhash_t hash = SPAN_HASH_START;
    /* One loop per code unit width: the generic read costs a switch per character. */
#define SCAN_TOKENS(UNIT)                                                                     \
    do {                                                                                      \
        const UNIT *chars = (const UNIT *)data;                                               \
        for (Py_ssize_t i = 0; i < length; i++) {                                             \
            Py_UCS4 c = chars[i];                                                             \
            int class = token_class(c);                                                       \
            if (class == TOKEN_RUN) {                                                         \
                if (run < 0) {                                                                \
                    run = i;                                                                  \
                    hash = SPAN_HASH_START;                                                   \
                }                                                                             \
                hash = SPAN_HASH_STEP(hash, c);                                               \
                continue;                                                                     \
            }                                                                                 \
            if (run >= 0 && span_table_add(&table, run, i - run, hash) < 0) goto fail;        \
            run = -1;                                                                         \
            if (class != TOKEN_IDEOGRAPH) continue;                                           \
            uint32_t *slot = tally != NULL ? &tally[ideograph_slot(c)] : NULL;                \
            if (slot != NULL && *slot < UINT32_MAX) {                                         \
                (*slot)++;                                                                    \
            } else if (span_table_add(&table, i, 1, SPAN_HASH_STEP(SPAN_HASH_START, c)) < 0) { \
                goto fail;                                                                    \
            }                                                                                 \
        }                                                                                     \
    } while (0)
    switch (kind) {
    case PyUnicode_1BYTE_KIND: SCAN_TOKENS(Py_UCS1); break;
    case PyUnicode_2BYTE_KIND: SCAN_TOKENS(Py_UCS2); break;
    default: SCAN_TOKENS(Py_UCS4); break;
    }
#undef SCAN_TOKENS
    if (run >= 0 && span_table_add(&table, run, length - run, hash) < 0) goto fail;
    if (span_table_flush(&table, text, counts) < 0) goto fail;
    if (tally != NULL) {
        for (Py_ssize_t slot = 0; slot < IDEOGRAPH_SLOTS; slot++) {
            if (!tally[slot]) continue;
            PyObject *token = PyUnicode_FromOrdinal((int)slot_ideograph(slot));
            if (add_count(counts, token, tally[slot]) < 0) goto fail;
        }
    }
    PyMem_Free(tally);
    PyMem_Free(table.slots);
    PyMem_Free(table.order);
    Py_RETURN_NONE;
fail:
    PyMem_Free(tally);
    PyMem_Free(table.slots);
    PyMem_Free(table.order);
    return NULL;
}

/* text.token_count and text.cjk_count in one pass: (tokens, ideographs) of a str, the tokens
 * being those token_counts counts. The re module's subn does the same counting a character
 * at a time through its matcher, several times slower on the block texts every method
 * measures. */
static PyObject *token_tally(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"text", NULL};
    PyObject *text;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$U", keywords, &text)) return NULL;
    if (PyUnicode_READY(text) < 0) return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text), found = 0, ideographs = 0;
    int in_run = 0;
    for (Py_ssize_t i = 0; i < length; i++) {
        int class = token_class(PyUnicode_READ(kind, data, i));
        if (class == TOKEN_IDEOGRAPH) {
            found++;
            ideographs++;
        } else if (class == TOKEN_RUN && !in_run) {
            found++;
        }
        in_run = class == TOKEN_RUN;
    }
    return Py_BuildValue("(nn)", found, ideographs);
}

/* document.separate_blocks: a newline after every '>' that is followed by '<', an optional '/',
 * then one of ``tags`` (lower-case ASCII names; the page's name matched in lower or upper case
 * alone, as the Python reference's pattern does) and whitespace, '>' or '/'. */
#define MAX_TAG 16

static int block_tag_at(int kind, const void *data, Py_ssize_t length, Py_ssize_t at,
                        PyObject *tags) {
    if (at < length && PyUnicode_READ(kind, data, at) == '/') at++;
    char name[MAX_TAG + 1];
    Py_ssize_t size = 0;
    int lower = 0, upper = 0;
    while (at < length && size < MAX_TAG) {
        Py_UCS4 c = PyUnicode_READ(kind, data, at);
        if (c >= 'a' && c <= 'z') { lower = 1; name[size++] = (char)c; }
        else if (c >= 'A' && c <= 'Z') { upper = 1; name[size++] = (char)(c - 'A' + 'a'); }
        else if (c >= '0' && c <= '9') name[size++] = (char)c;
        else break;
        at++;
    }
    if (size == 0 || size >= MAX_TAG || at >= length || (lower && upper)) return 0;
    Py_UCS4 next = PyUnicode_READ(kind, data, at);
    if (!(next == '>' || next == '/' || Py_UNICODE_ISSPACE(next))) return 0;
    name[size] = '\0';
    Py_ssize_t count = PyTuple_GET_SIZE(tags);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *tag = PyTuple_GET_ITEM(tags, i);
        if (PyBytes_GET_SIZE(tag) == size && memcmp(PyBytes_AS_STRING(tag), name, size) == 0)
            return 1;
    }
    return 0;
}

/* The positions just after each '>' that gets a newline, found with memchr on one-byte text. */
static Py_ssize_t next_gap(int kind, const void *data, Py_ssize_t length, Py_ssize_t from) {
    if (kind == PyUnicode_1BYTE_KIND) {
        const char *bytes = (const char *)data;
        while (from < length - 1) {
            const char *found = memchr(bytes + from, '>', (size_t)(length - 1 - from));
            if (found == NULL) return -1;
            from = found - bytes;
            if (bytes[from + 1] == '<') return from + 1;
            from++;
        }
        return -1;
    }
    for (; from < length - 1; from++)
        if (PyUnicode_READ(kind, data, from) == '>' && PyUnicode_READ(kind, data, from + 1) == '<')
            return from + 1;
    return -1;
}

static PyObject *separate_blocks(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"html", "tags", NULL};
    PyObject *html, *tags;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$UO!", keywords, &html, &PyTuple_Type,
                                     &tags))
        return NULL;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tags); i++)
        if (!PyBytes_Check(PyTuple_GET_ITEM(tags, i))) {
            PyErr_SetString(PyExc_TypeError, "tags must be a tuple of bytes");
            return NULL;
        }
    if (PyUnicode_READY(html) < 0) return NULL;
    int kind = PyUnicode_KIND(html);
    const void *data = PyUnicode_DATA(html);
    Py_ssize_t length = PyUnicode_GET_LENGTH(html);
    Py_ssize_t capacity = 0, found = 0, *gaps = NULL;
    for (Py_ssize_t at = next_gap(kind, data, length, 0); at >= 0;
         at = next_gap(kind, data, length, at)) {
        if (!block_tag_at(kind, data, length, at + 1, tags)) continue;
        if (found == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            Py_ssize_t *grown = PyMem_Realloc(gaps, (size_t)capacity * sizeof(Py_ssize_t));
            if (grown == NULL) { PyMem_Free(gaps); return PyErr_NoMemory(); }
            gaps = grown;
        }
        gaps[found++] = at;
    }
    if (found == 0) { PyMem_Free(gaps); Py_INCREF(html); return html; }
    PyObject *out = PyUnicode_New(length + found, PyUnicode_MAX_CHAR_VALUE(html));
    if (out == NULL) { PyMem_Free(gaps); return NULL; }
    char *target = (char *)PyUnicode_DATA(out);
    const char *source = (const char *)data;
    Py_ssize_t copied = 0, written = 0;
    for (Py_ssize_t i = 0; i < found; i++) {
        Py_ssize_t span = gaps[i] - copied;
        memcpy(target + written * kind, source + copied * kind, (size_t)(span * kind));
        written += span;
        PyUnicode_WRITE(kind, target, written, '\n');
        written++;
        copied = gaps[i];
    }
    memcpy(target + written * kind, source + copied * kind, (size_t)((length - copied) * kind));
    PyMem_Free(gaps);
    return out;
}

static PyMethodDef methods[] = {
    {"density_measure", (PyCFunction)(void (*)(void))density_measure,
     METH_VARARGS | METH_KEYWORDS,
     "The density walk: (rows, excluded) as text_density.measure_in_python computes them."},
    {"subtree_lines", (PyCFunction)(void (*)(void))subtree_lines, METH_VARARGS | METH_KEYWORDS,
     "dom.subtree_lines: an element's paragraph text and the lines each node under it holds."},
    {"paragraph_text", (PyCFunction)(void (*)(void))paragraph_text,
     METH_VARARGS | METH_KEYWORDS,
     "dom.paragraph_text: the text under an element, one paragraph per line."},
    {"segment_blocks", (PyCFunction)(void (*)(void))segment_blocks,
     METH_VARARGS | METH_KEYWORDS,
     "blocks.segment: (text, link_text, heading, level, element, index) per block."},
    {"elements_with", (PyCFunction)(void (*)(void))elements_with, METH_VARARGS | METH_KEYWORDS,
     "Elements with an attribute containing a substring, in document order."},
    {"consensus_counts", (PyCFunction)(void (*)(void))consensus_counts,
     METH_VARARGS | METH_KEYWORDS,
     "auto.consensus_bag: per token, the rank-th smallest count over the bags."},
    {"bag_overlap", (PyCFunction)(void (*)(void))bag_overlap, METH_VARARGS | METH_KEYWORDS,
     "text.bag_overlap: tokens two bags share, with multiplicity."},
    {"count_two", (PyCFunction)(void (*)(void))count_two, METH_VARARGS | METH_KEYWORDS,
     "How many of two ASCII characters a str holds, in one pass."},
    {"element_at_offset", (PyCFunction)(void (*)(void))element_at_offset,
     METH_VARARGS | METH_KEYWORDS,
     "The element whose text node holds a character offset of the concatenated text."},
    {"lcs_masked", (PyCFunction)(void (*)(void))lcs_masked, METH_VARARGS | METH_KEYWORDS,
     "title_text.LcsReference.lcs on one machine word: references of up to 64 tokens."},
    {"substrings_in", (PyCFunction)(void (*)(void))substrings_in, METH_VARARGS | METH_KEYWORDS,
     "Which of some ASCII substrings a str holds: a bit per substring, in one pass."},
    {"texts_with", (PyCFunction)(void (*)(void))texts_with, METH_VARARGS | METH_KEYWORDS,
     "The text nodes holding a substring: (element they stand in, text), in document order."},
    {"holds_prose", (PyCFunction)(void (*)(void))holds_prose, METH_VARARGS | METH_KEYWORDS,
     "comment_sections.holds_prose: a block of prose below an element."},
    {"tcdt_index", (PyCFunction)(void (*)(void))tcdt_index, METH_VARARGS | METH_KEYWORDS,
     "TCDT's tree index: the IndexedTree fields as tcdt/tree.py index_in_python computes them."},
    {"token_counts", (PyCFunction)(void (*)(void))token_counts, METH_VARARGS | METH_KEYWORDS,
     "text.token_counts: add each IDEOGRAPH_TOKENS token of a str to a dict's counts."},
    {"token_tally", (PyCFunction)(void (*)(void))token_tally, METH_VARARGS | METH_KEYWORDS,
     "text.token_count and text.cjk_count: (tokens, ideographs) of a str in one pass."},
    {"merge_text_runs", (PyCFunction)(void (*)(void))merge_text_runs,
     METH_VARARGS | METH_KEYWORDS,
     "dom.merge_text_runs: one text node for each .text and .tail held as several."},
    {"separate_blocks", (PyCFunction)(void (*)(void))separate_blocks,
     METH_VARARGS | METH_KEYWORDS,
     "document.separate_blocks: a newline between a tag and a block-level tag after it."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_walks", "newscrawl's per-element tree walks in C.", -1, methods,
};

/* The lxml and libxml2 whose headers this file was compiled against: the walks read their
 * structs directly, so native.py only uses this module when the running versions are these.
 * setup.py passes lxml's version; libxml2's comes from the header itself. */
#ifndef NEWSCRAWL_BUILT_FOR_LXML
#define NEWSCRAWL_BUILT_FOR_LXML ""
#endif

PyMODINIT_FUNC PyInit__walks(void) {
    if (import_lxml__etree() < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddStringConstant(m, "BUILT_FOR_LXML", NEWSCRAWL_BUILT_FOR_LXML) < 0 ||
        PyModule_AddStringConstant(m, "BUILT_FOR_LIBXML2", LIBXML_DOTTED_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
