/* Quick add: type "3 Arm Up", "3x arm" or "arm up x3", pick a card from the suggestions as you type
   (the start of a name or of a word in it is enough, and a slip of a letter or two is forgiven), Enter
   adds it. Copy limits apply as on the add buttons, and what was added (or why not) is announced.

   Suggestions come from the card name autocomplete (GET /api/cards/autocomplete/, cardsdb/autocomplete.py),
   ranked there: the whole name, names starting so, names with a word starting so, close spellings.
   The box is an ARIA combobox: the list of options is a listbox, arrows move the active option
   (aria-activedescendant), Enter adds it, Escape closes the list. */
(function () {
  "use strict";

  const b = window.Cardtable.builder;
  const { el } = window.Cardtable.dom;
  const config = b.config;
  const box = document.getElementById("quick-add-box");
  const input = document.getElementById("quick-add");
  const options = document.getElementById("quick-add-options");
  const status = document.getElementById("quick-add-status");
  const SHOWN = 8;
  const TYPING_DELAY_MS = 120;

  /* {count, term}: the count may come first ("3 Arm Up", "3x arm", "3 x arm") or last ("arm up x3",
     "arm up x 3"); without one it is 1. */
  function parseEntry(text) {
    const line = text.trim().replace(/\s+/g, " ");
    const forms = [
      [/^(\d+) ?[x\u00d7] (.+)$/i, 1, 2],
      [/^(\d+)[x\u00d7](\S.*)$/i, 1, 2],
      [/^(\d+) (.+)$/, 1, 2],
      [/^(.+?) ?[x\u00d7] ?(\d+)$/i, 2, 1],
    ];
    for (const [pattern, countAt, termAt] of forms) {
      const match = pattern.exec(line);
      if (match) return { count: Math.max(1, parseInt(match[countAt], 10)), term: match[termAt].trim() };
    }
    return { count: 1, term: line };
  }

  async function suggest(term) {
    const url = config.autocompleteUrl + "?" + new URLSearchParams({ game: config.game, q: term, limit: String(SHOWN) });
    const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) throw new Error("autocomplete answered " + response.status);
    return (await response.json()).results;
  }

  let shown = [];
  let active = -1;
  let seq = 0;
  let timer = null;

  function close() {
    delete options.dataset.term;
    options.hidden = true;
    options.replaceChildren();
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    shown = [];
    active = -1;
  }

  function highlight(index) {
    active = index;
    Array.from(options.children).forEach((option, i) => option.setAttribute("aria-selected", i === index ? "true" : "false"));
    if (index >= 0) {
      input.setAttribute("aria-activedescendant", options.children[index].id);
      options.children[index].scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  }

  function draw(cards) {
    shown = cards;
    const deck = b.parsed();
    options.replaceChildren(...cards.map((card, i) => {
      const option = el("li", "quick-add-option");
      option.id = "quick-add-option-" + i;
      option.setAttribute("role", "option");
      option.dataset.card = card.name;
      const type = config.typeLabels[card.card_type] || card.card_type;
      option.append(el("span", "option-name", card.name), " ", el("span", "muted small", type));
      if (card.match === "similar") option.append(" ", el("span", "muted small", "\u00b7 close spelling"));
      // The copy limit before Enter, as the add buttons know it.
      const { left } = b.room(deck, card.name);
      if (left === 0) option.append(" ", el("span", "small option-full", "\u00b7 at the limit"));
      else if (Number.isFinite(left)) option.append(" ", el("span", "muted small", "\u00b7 " + left + " more allowed"));
      return option;
    }));
    options.hidden = !cards.length;
    input.setAttribute("aria-expanded", cards.length ? "true" : "false");
    highlight(cards.length ? 0 : -1);
  }

  async function refresh() {
    const mine = ++seq;
    const { term } = parseEntry(input.value);
    if (term.length < 2) {
      close();
      status.textContent = "";
      return;
    }
    try {
      const cards = await suggest(term);
      if (mine !== seq) return;
      draw(cards);
      options.dataset.term = term;
      status.textContent = cards.length
        ? cards.length + (cards.length === 1 ? " card matches" : " cards match") + "; arrows choose, Enter adds."
        : "No card's name is like \u201c" + term + "\u201d.";
    } catch (error) {
      if (mine === seq) status.textContent = "The suggestions failed; check your connection.";
    }
  }

  async function add(card) {
    const { count } = parseEntry(input.value);
    const outcome = b.addCopies(card.name, b.defaultSection(card.card_type), count);
    status.textContent = outcome.message;
    if (outcome.added) {
      input.value = "";
      close();
    }
    input.focus();
  }

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, TYPING_DELAY_MS);
  });
  input.addEventListener("keydown", async (event) => {
    if (event.key === "ArrowDown" && shown.length) {
      event.preventDefault();
      highlight((active + 1) % shown.length);
    } else if (event.key === "ArrowUp" && shown.length) {
      event.preventDefault();
      highlight((active - 1 + shown.length) % shown.length);
    } else if ((event.key === "Home" || event.key === "End") && shown.length && event.ctrlKey) {
      event.preventDefault();
      highlight(event.key === "Home" ? 0 : shown.length - 1);
    } else if (event.key === "Escape") {
      // As comboboxes do: the first Escape closes the list, the next one clears the box.
      if (shown.length) close();
      else input.value = "";
    } else if (event.key === "Enter") {
      event.preventDefault();
      clearTimeout(timer);
      // Enter right after typing: the suggestions for what is typed now, not a moment ago.
      const typed = parseEntry(input.value).term;
      if (options.dataset.term !== typed) await refresh();
      if (shown.length) add(shown[Math.max(active, 0)]);
      else if (typed) status.textContent = "No card's name is like \u201c" + typed + "\u201d.";
    }
  });
  options.addEventListener("mousedown", (event) => event.preventDefault()); // keep the focus in the box
  options.addEventListener("click", (event) => {
    const option = event.target.closest(".quick-add-option");
    if (option) add(shown[Array.from(options.children).indexOf(option)]);
  });
  input.addEventListener("blur", () => setTimeout(close, 150));

  box.hidden = false;
  window.Cardtable.quickAdd = { parseEntry: parseEntry };
})();
