/* Work is never lost: the builder keeps a draft of the deck in this browser's storage as the player
   edits, and for a signed-in player on the server too (config.draftUrl, /api/drafts/...), so that
   it follows them to another browser or device. It offers the draft back on return (the newer of
   the two), and warns before leaving a page whose changes are not saved. Saving without an account
   keeps the draft and asks to sign up or log in; the builder they come back to restores it.

   One draft per deck (per game for a new deck), under config.draftKey. A successful save clears it:
   the server drops its copy, and the deck's page names the browser's one to drop (data-clear-draft,
   read by drafts-clear.js). */
(function () {
  "use strict";

  const b = window.Cardtable.builder;
  const { el } = window.Cardtable.dom;
  const config = b.config;
  const form = document.getElementById("deck-form");
  const list = document.getElementById("id_list");
  const status = document.getElementById("draft-status");
  const needsAccount = document.getElementById("save-needs-account");
  const FIELDS = ["name", "side", "format", "visibility", "description", "tags", "version"];
  const SAVE_DELAY_MS = 250;
  // The server's copy is kept less often than the browser's: one request a second at most.
  const SERVER_DELAY_MS = 1000;
  const csrf = form.elements.namedItem("csrfmiddlewaretoken");

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

  /* The server's copy. `sent`: the state it holds as far as this page knows (null: none), so that
     an unchanged draft is not sent again. keepalive lets the last one out survive leaving the page. */
  let sent;
  let serverTimer = null;
  let saving = false; // the form is being saved: the save drops the server's draft
  // The server refused a draft (409): a save was made after this page was opened. Its edits are no
  // longer kept (here or on the server), or leaving the page would bring the draft back.
  let outdated = false;
  function serverRequest(method, body) {
    const headers = { Accept: "application/json", "X-CSRFToken": csrf ? csrf.value : "" };
    if (body) headers["Content-Type"] = "application/json";
    return fetch(config.draftUrl, {
      method: method, headers: headers, credentials: "same-origin", keepalive: method !== "GET",
      body: body ? JSON.stringify(body) : undefined,
    });
  }
  function keepOnServer() {
    clearTimeout(serverTimer);
    serverTimer = null;
    if (!config.draftUrl || saving || outdated) return;
    const state = dirty() ? snapshot() : null;
    if (sent !== undefined && same(state, sent)) return;
    sent = state;
    // started_at: a new deck saved after this page was opened makes this draft outdated (409).
    const body = { state: state };
    if (config.draftStarted) body.started_at = config.draftStarted;
    const request = state ? serverRequest("PUT", body) : serverRequest("DELETE");
    request.then((response) => {
      if (response.status === 409) {
        // The deck was saved after this draft was begun (here or elsewhere): the save stands, the
        // draft is not kept, so the browser's copy goes too (it would bring the draft back).
        sent = null;
        outdated = true;
        writeDraft(null);
        status.replaceChildren(el("p", "", "This deck was saved after this page was opened; "
          + "changes made here are no longer kept as a draft."));
        status.hidden = false;
      } else if (!response.ok) sent = undefined;
      else if (state) markSynced(state);
    }, () => { sent = undefined; }); // offline: the browser's copy stands in; sent again on the next change
  }
  function keepOnServerSoon() {
    if (!config.draftUrl) return;
    clearTimeout(serverTimer);
    serverTimer = setTimeout(keepOnServer, SERVER_DELAY_MS);
  }

  /* The browser's copy: {state, savedAt, synced}. `synced`: the server has this very state, so a
     server without a draft means it was saved or discarded since (perhaps on another device). */
  function writeDraft(draft) {
    const store = storage();
    if (!store) return;
    try {
      if (draft) store.setItem(config.draftKey, JSON.stringify(draft));
      else store.removeItem(config.draftKey);
    } catch (error) {
      // A full storage loses the draft, not the page: the warning on leaving still applies.
    }
  }
  function markSynced(state) {
    const draft = readDraft();
    if (draft && same(draft.state, state)) writeDraft(Object.assign(draft, { synced: true }));
  }

  function keep() {
    if (outdated) return;
    keepOnServerSoon();
    if (!dirty()) {
      writeDraft(null);
      return;
    }
    const state = snapshot();
    const old = readDraft();
    if (!old || !same(old.state, state)) writeDraft({ state: state, savedAt: Date.now(), synced: false });
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
      writeDraft(null);
      keepOnServer();
      status.hidden = true;
      b.announce("Draft discarded; the deck is back as it was saved.");
      document.getElementById("id_name").focus();
    });
    text.appendChild(discard);
    status.replaceChildren(text);
    status.hidden = false;
  }

  function restore(draft) {
    apply(draft.state);
    showRestored(draft);
    b.announce("Restored your unsaved changes.");
  }

  /* Which draft to bring back. Without an account: the browser's. Signed in: the server's (kept
     from any browser or device), unless this browser holds changes the server never got (made
     offline, or before signing up), which are then sent to it; none if the server dropped the
     draft this browser last sent it (the deck was saved or the draft discarded elsewhere). */
  async function chooseDraft(local) {
    if (!config.draftUrl) return local;
    try {
      const response = await serverRequest("GET");
      if (response.status === 404) {
        sent = null;
        if (local && local.synced) {
          writeDraft(null);
          return null;
        }
        return local;
      }
      if (!response.ok) return local;
      const kept = await response.json();
      sent = kept.state;
      if (local && !local.synced) return local;
      return { state: kept.state, savedAt: Date.parse(kept.saved_at), synced: true };
    } catch (error) {
      return local; // offline: the browser's copy
    }
  }

  // On return: the draft comes back unless the page already shows it, or the player began editing.
  chooseDraft(readDraft()).then((draft) => {
    if (draft && !same(draft.state, served) && same(snapshot(), served)) {
      restore(draft);
      writeDraft(draft);
    }
    keep();
  });

  form.addEventListener("input", keepSoon);
  form.addEventListener("change", keepSoon);
  list.addEventListener("input", keepSoon);
  b.onChange((kind) => {
    if (kind === "list") keepSoon();
  });

  form.addEventListener("submit", (event) => {
    keep();
    if (config.signedIn) {
      // Saving drops the server's draft; one sent from now on (the change of the last second,
      // flushed as the page goes) could land after the save and bring it back.
      clearTimeout(serverTimer);
      serverTimer = null;
      saving = true;
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
    if (serverTimer) keepOnServer(); // the change of the last second, before the page goes
    if (leaving || !dirty()) return;
    keep();
    event.preventDefault();
    event.returnValue = ""; // older browsers ask for it to show the prompt
  });
  // Back to this page from the browser's cache: a navigation that was left is not leaving now.
  window.addEventListener("pageshow", () => {
    leaving = false;
    saving = false;
  });
})();
