/* Quick add: type "3 Arm Up", "3x arm" or "arm up x3", pick a card from the suggestions as you type
   (part of a name is enough, and a slip of a letter is forgiven), Enter adds it. Copy limits apply
   as on the add buttons, and what was added (or why not) is announced.

   Suggestions come from the card search API (name:"..."): suggestUrl() is the one place that says
   where, so a dedicated autocomplete endpoint replaces it in one line. */
(function () {
  "use strict";

  const b = window.Cardtable.builder;
  const { el } = window.Cardtable.dom;
  const { decklist } = window.Cardtable;
  const config = b.config;
  const box = document.getElementById("quick-add-box");
  const input = document.getElementById("quick-add");
  const options = document.getElementById("quick-add-options");
  const status = document.getElementById("quick-add-status");
  const SHOWN = 8;
  const TYPING_DELAY_MS = 120;

  function suggestUrl(term) {
    return config.cardsUrl + "?" + new URLSearchParams({ game: config.game, q: 'name:"' + term.replace(/"/g, "") + '"' });
  }

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

  // Optimal string alignment distance: a swapped pair of letters is one slip, as a wrong letter is.
  function distance(a, b2) {
    const rows = [];
    for (let i = 0; i <= a.length; i++) {
      rows.push([i]);
      for (let j = 1; j <= b2.length; j++) {
        if (i === 0) { rows[0][j] = j; continue; }
        const cost = a[i - 1] === b2[j - 1] ? 0 : 1;
        let best = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b2[j - 2] && a[i - 2] === b2[j - 1]) best = Math.min(best, rows[i - 2][j - 2] + 1);
        rows[i][j] = best;
      }
    }
    return rows[a.length][b2.length];
  }

  /* How well a name answers what was typed: lower is better; null when it does not. A name that
     starts with the words typed comes first, then one with a word starting so, then one that has
     them anywhere, then one a slip or two away from them. */
  function score(name, term) {
    const key = decklist.normalizeName(name);
    const want = decklist.normalizeName(term);
    if (key.startsWith(want)) return 0;
    if (key.split(/[\s,'-]+/).some((word) => word.startsWith(want))) return 1;
    if (key.includes(want)) return 2;
    const slips = Math.min(
      distance(want, key.slice(0, want.length)),
      ...key.split(/[\s,]+/).map((word, i, words) => distance(want, words.slice(i).join(" ").slice(0, want.length))),
    );
    const allowed = want.length <= 3 ? 0 : want.length <= 6 ? 1 : 2;
    return slips <= allowed ? 3 + slips : null;
  }

  async function fetchCards(term) {
    const response = await fetch(suggestUrl(term), { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!response.ok) return [];
    const data = await response.json();
    return data.results || data;
  }

  /* The cards to offer: those whose names hold what was typed; when none do (a slip), the cards
     sharing the first letters of a word typed, ranked by how close they come. */
  function ranked(cards, term) {
    return cards
      .map((card) => ({ card: card, score: score(card.name, term) }))
      .filter((c) => c.score !== null)
      .sort((x, y) => x.score - y.score || x.card.name.localeCompare(y.card.name))
      .slice(0, SHOWN)
      .map((c) => c.card);
  }

  async function suggest(term) {
    let found = ranked(await fetchCards(term), term);
    // A slip: the cards sharing the first letters of the first word typed, then of the second.
    const starts = term.split(" ").filter((word) => word.length >= 2).map((word) => word.slice(0, 2));
    for (const start of starts.slice(0, 2)) {
      if (found.length || start === term) break;
      found = ranked(await fetchCards(start), term);
    }
    return found;
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
    if (index >= 0) input.setAttribute("aria-activedescendant", options.children[index].id);
    else input.removeAttribute("aria-activedescendant");
  }

  function draw(cards) {
    shown = cards;
    options.replaceChildren(...cards.map((card, i) => {
      const option = el("li", "quick-add-option");
      option.id = "quick-add-option-" + i;
      option.setAttribute("role", "option");
      option.dataset.card = card.name;
      const type = config.typeLabels[card.card_type] || card.card_type;
      option.append(el("span", "option-name", card.name), " ", el("span", "muted small", type));
      const facts = window.Cardtable.cardFacts(config.game, card).slice(0, 2);
      if (facts.length) option.append(" ", el("span", "muted small", "\u00b7 " + facts.join(" \u00b7 ")));
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
      status.textContent = cards.length ? "" : "No card's name is like \u201c" + term + "\u201d.";
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
    } else if (event.key === "Escape") {
      close();
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
  window.Cardtable.quickAdd = { parseEntry: parseEntry, score: score };
})();
