#ifndef CALPAGER_CLIBEDIT_SHIM_H
#define CALPAGER_CLIBEDIT_SHIM_H

#include <stdio.h>
#include <histedit.h>

// el_set, el_get and history are variadic, and Swift cannot call a variadic C function: each
// use calpager makes of them has a fixed-argument wrapper here.

static inline int calpager_el_set_prompt(EditLine *el, char *(*prompt)(EditLine *)) {
  return el_set(el, EL_PROMPT, prompt);
}

static inline int calpager_el_set_editor(EditLine *el, const char *mode) {
  return el_set(el, EL_EDITOR, mode);
}

static inline int calpager_el_set_history(EditLine *el, History *history_) {
  return el_set(el, EL_HIST, history, history_);
}

static inline int calpager_el_set_getcfn(EditLine *el, el_rfunc_t read_char) {
  return el_set(el, EL_GETCFN, read_char);
}

static inline int calpager_el_set_clientdata(EditLine *el, void *data) {
  return el_set(el, EL_CLIENTDATA, data);
}

static inline void *calpager_el_clientdata(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

static inline int calpager_el_addfn(
    EditLine *el, const char *name, const char *help, unsigned char (*function)(EditLine *, int)) {
  return el_set(el, EL_ADDFN, name, help, function);
}

static inline int calpager_el_bind(EditLine *el, const char *key, const char *command) {
  return el_set(el, EL_BIND, key, command, NULL);
}

// `setty -d FLAG`: changes one terminal flag of libedit's editing mode.
static inline int calpager_el_setty_edit_mode(EditLine *el, const char *flag) {
  return el_set(el, EL_SETTY, "-d", flag, NULL);
}

// A non-zero `raw` puts the terminal in libedit's editing mode, zero restores the mode it
// found.
static inline int calpager_el_prep_term(EditLine *el, int raw) {
  return el_set(el, EL_PREP_TERM, raw);
}

static inline int calpager_el_refresh(EditLine *el) {
  return el_set(el, EL_REFRESH);
}

static inline int calpager_history_set_size(History *history_, int size) {
  HistEvent event;
  return history(history_, &event, H_SETSIZE, size);
}

static inline int calpager_history_set_unique(History *history_, int unique) {
  HistEvent event;
  return history(history_, &event, H_SETUNIQUE, unique);
}

static inline int calpager_history_enter(History *history_, const char *line) {
  HistEvent event;
  return history(history_, &event, H_ENTER, line);
}

#endif
