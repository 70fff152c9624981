/* Work is never lost: the builder keeps a draft of the deck in this browser's storage as the player
   edits (signed in or not), offers it back on return, and warns before leaving a page whose changes
   are not saved. Saving without an account keeps the draft and asks to sign up or log in; the
   builder they come back to restores it.

   One draft per deck (per game for a new deck), under config.draftKey. A successful save clears it:
   the deck's page names the draft to drop (data-clear-draft, read by drafts-clear.js). */
(function () {
  "use strict";

  const b = window.Cardtable.builder;
  const { el } = window.Cardtable.dom;
  const config = b.config;
  const form = document.getElementById("deck-form");
  const list = document.getElementById("id_list");
  const status = document.getElementById("draft-status");
  const needsAccount = document.getElementById("save-needs-account");
  const FIELDS = ["name", "side", "format", "visibility", "description", "version"];
  const SAVE_DELAY_MS = 250;

  function storage() {
    try {
      return window.localStorage;
    } catch (error) {
      return null; // storage refused (private mode, policy): the beforeunload warning still guards
    }
  }

  function snapshot() {
    const state = { list: list.value };
    FIELDS.forEach((name) => {
      const field = form.elements.namedItem(name);
      if (field) state[name] = field.value;
    });
    return state;
  }

  function apply(state) {
    FIELDS.forEach((name) => {
      const field = form.elements.namedItem(name);
      if (field && state[name] !== undefined) field.value = state[name];
    });
    list.value = state.list || "";
    b.listChanged();
  }

  function same(a, b2) {
    return JSON.stringify(a) === JSON.stringify(b2);
  }

  function readDraft() {
    const store = storage();
    if (!store) return null;
    try {
      const draft = JSON.parse(store.getItem(config.draftKey) || "null");
      return draft && draft.state ? draft : null;
    } catch (error) {
      return null;
    }
  }

  // What the server has: the page as it came, unless it shows a list that was posted and not saved.
  const served = snapshot();
  const saved = config.unsaved ? null : served;
  let leaving = false;

  function dirty() {
    return !saved || !same(snapshot(), saved);
  }

  function keep() {
    const store = storage();
    if (!store) return;
    try {
      if (dirty()) store.setItem(config.draftKey, JSON.stringify({ state: snapshot(), savedAt: Date.now() }));
      else store.removeItem(config.draftKey);
    } catch (error) {
      // A full storage loses the draft, not the page: the warning on leaving still applies.
    }
  }

  let timer = null;
  function keepSoon() {
    clearTimeout(timer);
    timer = setTimeout(keep, SAVE_DELAY_MS);
  }

  function when(time) {
    const date = new Date(time);
    return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  }

  function showRestored(draft) {
    const text = el("p", "", "Restored your unsaved changes from " + when(draft.savedAt) + ". ");
    const discard = el("button", "secondary small-button", "Discard them");
    discard.type = "button";
    discard.id = "discard-draft";
    discard.addEventListener("click", () => {
      apply(served);
      const store = storage();
      if (store) store.removeItem(config.draftKey);
      status.hidden = true;
      b.announce("Draft discarded; the deck is back as it was saved.");
      document.getElementById("id_name").focus();
    });
    text.appendChild(discard);
    status.replaceChildren(text);
    status.hidden = false;
  }

  // On return: the draft comes back unless the page already shows it.
  const draft = readDraft();
  if (draft && !same(draft.state, served)) {
    apply(draft.state);
    showRestored(draft);
    b.announce("Restored your unsaved changes.");
  }
  keep();

  form.addEventListener("input", keepSoon);
  form.addEventListener("change", keepSoon);
  list.addEventListener("input", keepSoon);
  b.onChange((kind) => {
    if (kind === "list") keepSoon();
  });

  form.addEventListener("submit", (event) => {
    keep();
    if (config.signedIn) {
      leaving = true;
      return;
    }
    // No account yet: the draft is kept; signing up or logging in brings the player back here.
    event.preventDefault();
    needsAccount.hidden = false;
    needsAccount.focus();
    b.announce("Saving needs an account. Your deck is kept as a draft while you sign up or log in.");
  });

  // Going to sign up, log in or to a run from here keeps the draft, so that needs no warning.
  needsAccount.addEventListener("click", (event) => {
    if (event.target.closest("a")) {
      keep();
      leaving = true;
    }
  });
  const testForm = document.getElementById("sim-test-form");
  if (testForm) {
    testForm.addEventListener("submit", (event) => {
      if (event.defaultPrevented) return;
      keep();
      leaving = true;
    });
  }

  window.addEventListener("beforeunload", (event) => {
    if (leaving || !dirty()) return;
    keep();
    event.preventDefault();
    event.returnValue = ""; // older browsers ask for it to show the prompt
  });
  // Back to this page from the browser's cache: a navigation that was left is not leaving now.
  window.addEventListener("pageshow", () => { leaving = false; });
})();
