/* The deck builder: search the game's cards and add them, a card panel kept in step with the list
   text, and a rules check (POST /api/validate/) that follows every change, debounced.

   The list text is the deck: the panel is drawn from it and its buttons rewrite one line of it, so
   what is saved is exactly what the user sees in the text box. Saving is the form's own POST.

   Add buttons know each card's copy limit (config.limits, from decks/builder.py) and say why they
   stop; each change and the rules check's verdict are announced in an aria-live region. Other
   scripts (drafts.js, quick-add.js) use window.Cardtable.builder. */
(function () {
  "use strict";

  const { decklist, charts, validation } = window.Cardtable;
  const CHECK_DELAY_MS = 350;
  const NO_SECTION = "No section (placed by card type)";

  const config = JSON.parse(document.getElementById("builder-config").textContent);
  const form = document.getElementById("deck-form");
  const list = document.getElementById("id_list");
  const panel = document.getElementById("deck-panel");
  const total = document.getElementById("deck-total");
  const validationPanel = document.getElementById("validation-panel");
  const validationStatus = document.getElementById("validation-status");
  const chartsBox = document.getElementById("deck-charts");
  const searchForm = document.getElementById("card-search-form");
  const query = document.getElementById("card-query");
  const results = document.getElementById("card-results");
  const more = document.getElementById("card-results-more");
  const searchStatus = document.getElementById("card-search-status");
  const csrfToken = form.querySelector("[name=csrfmiddlewaretoken]").value;
  const sideField = form.elements.namedItem("side");
  const formatField = form.elements.namedItem("format");
  const nameField = form.elements.namedItem("name");

  const { el, plural } = window.Cardtable.dom;
  const announcer = document.getElementById("builder-announcer");
  const summaryBar = document.getElementById("legality-summary");
  const limits = config.limits || {};
  const changeListeners = [];
  let lastResult = null;

  function announce(text) {
    // Cleared first so that the same words said twice are announced twice.
    announcer.textContent = "";
    setTimeout(() => { announcer.textContent = text; }, 30);
  }

  function capfirst(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  // Copy limits ----------------------------------------------------------------------------------

  function limitOf(name) {
    return limits[decklist.normalizeName(name)] || null;
  }

  /* How many more copies of a card the rules allow, and why no more when that is 0. */
  function room(deck, name) {
    const limit = limitOf(name);
    let left = Infinity;
    let why = "";
    if (!limit) return { left: left, why: why };
    if (limit.max !== undefined && (!limit.formats || limit.formats.includes(formatField.value))) {
      const have = countIn(deck, name);
      left = limit.max - have;
      why = name + ": " + limit.why + ", and the deck has " + have + ".";
    }
    if (limit.group) {
      const inGroup = deck.entries
        .filter((e) => (limitOf(e.name) || {}).group === limit.group)
        .reduce((sum, e) => sum + e.count, 0);
      if (limit.groupMax - inGroup < left) {
        left = limit.groupMax - inGroup;
        why = capfirst(limit.groupWhy) + ", and the deck has " + inGroup + ".";
      }
    }
    return { left: Math.max(0, left), why: why };
  }

  function allowedCopies(name) {
    const limit = limitOf(name);
    if (!limit || limit.max === undefined) return null;
    if (limit.formats && !limit.formats.includes(formatField.value)) return null;
    return limit.max;
  }

  /* Add up to `wanted` copies of a card to a section, as the limits allow. */
  function addCopies(name, section, wanted) {
    const deck = parsed();
    const allowed = Math.min(wanted, room(deck, name).left);
    const why = room(deck, name).why;
    if (allowed > 0) changeCount({ name: name, section: section, pin: null }, countIn(deck, name, section) + allowed);
    const now = countIn(parsed(), name);
    let said = allowed > 0 ? "Added " + allowed + " " + name + " (" + now + " in the deck)." : "";
    if (allowed < wanted) said += (said ? " " : "") + (allowed > 0 ? "No more: " : "Not added: ") + why;
    announce(said);
    return { added: allowed, why: allowed < wanted ? why : "", message: said };
  }

  // The list and the card panel ------------------------------------------------------------------

  function parsed() {
    return decklist.parse(list.value, config.sections);
  }

  function sectionRank(section, pin) {
    const rank = section ? config.sections.indexOf(section) : -1;
    return rank < 0 ? config.sections.length * 2 : rank * 2 + (pin ? 1 : 0);
  }

  function sectionTitle(section, pin) {
    if (!section) return NO_SECTION;
    return pin ? section + " (" + pin + ")" : section;
  }

  function panelGroups(deck) {
    const groups = new Map();
    config.sections.forEach((section) => groups.set(section + "\u0000", { section: section, pin: null, entries: [] }));
    deck.entries.forEach((entry) => {
      const key = (entry.section || "") + "\u0000" + (entry.pin || "");
      if (!groups.has(key)) groups.set(key, { section: entry.section, pin: entry.pin, entries: [] });
      groups.get(key).entries.push(entry);
    });
    return Array.from(groups.values()).sort((a, b) => sectionRank(a.section, a.pin) - sectionRank(b.section, b.pin));
  }

  function stepButton(entry, step, symbol, label) {
    const button = el("button", step === 0 ? "step remove" : "step", symbol);
    button.type = "button";
    button.dataset.step = String(step);
    button.setAttribute("aria-label", label + " " + entry.name);
    return button;
  }

  function panelRow(entry, deck) {
    const item = el("li", "panel-card");
    item.dataset.name = entry.name;
    item.dataset.section = entry.section || "";
    item.dataset.pin = entry.pin || "";
    item.dataset.count = String(entry.count);
    const more = stepButton(entry, 1, "+", "One more");
    const left = room(deck, entry.name);
    if (!left.left) {
      more.setAttribute("aria-disabled", "true");
      more.title = left.why;
    }
    const name = el("span", "panel-name card-name", entry.name);
    name.dataset.card = entry.name;
    item.append(
      stepButton(entry, -1, "\u2212", "One fewer"),
      el("span", "panel-count", String(entry.count)),
      more,
      name,
      stepButton(entry, 0, "\u00d7", "Remove every"),
    );
    return item;
  }

  function renderPanel() {
    const deck = parsed();
    let cards = 0;
    const sections = panelGroups(deck).map((group) => {
      const count = group.entries.reduce((sum, e) => sum + e.count, 0);
      cards += count;
      const section = el("section", "panel-section");
      section.dataset.section = sectionTitle(group.section, group.pin);
      const heading = el("h3", "", sectionTitle(group.section, group.pin) + " ");
      heading.appendChild(el("span", "panel-section-count", String(count)));
      section.appendChild(heading);
      if (group.entries.length) {
        const rows = el("ul", "panel-cards");
        group.entries.forEach((entry) => rows.appendChild(panelRow(entry, deck)));
        section.appendChild(rows);
      } else {
        section.appendChild(el("p", "muted small", "No cards yet."));
      }
      return section;
    });
    panel.replaceChildren(...sections);
    total.textContent = "(" + plural(cards, "card") + ")";
    return deck;
  }

  function changeCount(target, count) {
    list.value = decklist.setCount(list.value, config.sections, target, Math.max(0, count));
    listChanged();
  }

  // After +, − or × the focus stays on the same button of the same card (the list is redrawn), or
  // moves to the next card when the card is gone.
  function refocus(rowIndex, step, target) {
    const rows = Array.from(panel.querySelectorAll(".panel-card"));
    const same = rows.find((r) => r.dataset.name === target.name && r.dataset.section === (target.section || "")
      && r.dataset.pin === (target.pin || ""));
    const row = same || rows[Math.min(rowIndex, rows.length - 1)];
    const button = row && row.querySelector('button[data-step="' + (same ? step : 0) + '"]');
    if (button) button.focus();
    else document.getElementById("deck-heading").focus();
  }

  panel.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (!button) return;
    const row = button.closest(".panel-card");
    const step = Number(button.dataset.step);
    const target = { name: row.dataset.name, section: row.dataset.section || null, pin: row.dataset.pin || null };
    const rowIndex = Array.from(panel.querySelectorAll(".panel-card")).indexOf(row);
    if (button.getAttribute("aria-disabled") === "true") {
      announce("Not added: " + button.title);
      return;
    }
    const count = step === 0 ? 0 : Number(row.dataset.count) + step;
    changeCount(target, count);
    refocus(rowIndex, step, target);
    const now = countIn(parsed(), target.name);
    announce(count ? target.name + ": " + count + (target.section ? " in " + target.section : "") + "."
      : "Removed " + target.name + (now ? " (" + now + " left elsewhere)." : " from the deck."));
  });

  // Card search ----------------------------------------------------------------------------------

  let searchSeq = 0;
  let nextPage = null;

  function defaultSection(cardType) {
    return config.defaultSections[cardType] || config.openSections[0] || config.sections[config.sections.length - 1];
  }

  // Copies of a card in one (unpinned) section, or in the whole deck when no section is given.
  function countIn(deck, name, section) {
    const key = decklist.normalizeName(name);
    const inPlace = (e) => section === undefined || (e.section === section && !e.pin);
    return deck.entries
      .filter((e) => decklist.normalizeName(e.name) === key && inPlace(e))
      .reduce((sum, e) => sum + e.count, 0);
  }

  function addButton(card, section, primary) {
    const button = el("button", primary ? "add-card" : "add-card secondary", primary ? "Add" : "+ " + section);
    button.type = "button";
    button.dataset.section = section;
    button.setAttribute("aria-label", "Add " + card.name + " to " + section);
    return button;
  }

  function resultItem(card) {
    const item = el("li", "card-result");
    item.dataset.name = card.name;
    const main = el("div", "result-main");
    const link = el("a", "result-name card-name", card.name);
    link.dataset.card = card.name;
    link.href = card.url;
    link.target = "_blank";
    link.rel = "noopener";
    const type = config.typeLabels[card.card_type] || card.card_type;
    main.append(link, el("span", "result-type", card.subtypes.length ? type + " \u2014 " + card.subtypes.join(", ") : type));
    const facts = window.Cardtable.cardFacts(config.game, card);
    const allowed = allowedCopies(card.name);
    facts.push(allowed === null ? "no copy limit" : allowed === 1 ? "1 copy allowed" : allowed + " copies allowed");
    main.appendChild(el("span", "result-facts", facts.join(" \u00b7 ")));
    if (card.is_demo) main.appendChild(el("span", "badge badge-demo", "Unofficial demo card"));
    const actions = el("div", "result-actions");
    const home = defaultSection(card.card_type);
    actions.append(el("span", "in-deck"), addButton(card, home, true));
    config.openSections.filter((s) => s !== home).forEach((s) => actions.appendChild(addButton(card, s, false)));
    item.append(main, actions);
    return item;
  }

  function markResults(deck) {
    results.querySelectorAll(".card-result").forEach((item) => {
      const count = countIn(deck, item.dataset.name);
      item.querySelector(".in-deck").textContent = count ? count + " in deck" : "";
      item.classList.toggle("is-in-deck", count > 0);
      const left = room(deck, item.dataset.name);
      item.classList.toggle("is-at-limit", !left.left);
      item.querySelectorAll("button.add-card").forEach((button) => {
        if (left.left) {
          button.removeAttribute("aria-disabled");
          button.removeAttribute("title");
        } else {
          button.setAttribute("aria-disabled", "true");
          button.title = left.why;
        }
      });
      let note = item.querySelector(".limit-note");
      if (!left.left && !note) {
        note = el("p", "limit-note");
        item.appendChild(note);
      }
      if (note) note.textContent = left.left ? "" : left.why;
    });
  }

  async function search(url, append) {
    const seq = ++searchSeq;
    searchStatus.textContent = "Searching\u2026";
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      const data = await response.json();
      if (seq !== searchSeq) return;
      if (!response.ok) {
        results.replaceChildren();
        more.hidden = true;
        searchStatus.textContent = data.detail || "That search could not be read.";
        return;
      }
      if (!append) results.replaceChildren();
      data.results.forEach((card) => results.appendChild(resultItem(card)));
      nextPage = data.next;
      more.hidden = !nextPage;
      searchStatus.textContent = data.count ? plural(data.count, "card") : "No card matches that search.";
      markResults(parsed());
    } catch (error) {
      if (seq === searchSeq) searchStatus.textContent = "The search failed; check your connection and try again.";
    }
  }

  searchForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const params = new URLSearchParams({ game: config.game, q: query.value });
    search(config.cardsUrl + "?" + params.toString(), false);
  });
  more.addEventListener("click", () => {
    if (nextPage) search(nextPage, true);
  });
  results.addEventListener("click", (event) => {
    const button = event.target.closest("button.add-card");
    if (!button) return;
    addCopies(button.closest(".card-result").dataset.name, button.dataset.section, 1);
  });

  // Header lines of a pasted list become the form's fields ---------------------------------------

  function matchingOption(select, value) {
    const wanted = value.trim().toLowerCase();
    return Array.from(select.options).find(
      (o) => o.value && (o.value.toLowerCase() === wanted || o.text.toLowerCase() === wanted)
    );
  }

  function liftHeaders() {
    const accept = {
      Name: () => true,
      Side: (value) => Boolean(sideField && matchingOption(sideField, value)),
      Format: (value) => Boolean(matchingOption(formatField, value)),
    };
    // A value no choice matches stays in the text, where the rules check reports it.
    const lifted = decklist.liftHeaders(list.value, (key, value) => accept[key](value));
    const headers = lifted.headers;
    if (!Object.keys(headers).length) return false;
    if (headers.Name) nameField.value = headers.Name;
    if (headers.Side) sideField.value = matchingOption(sideField, headers.Side).value;
    if (headers.Format) formatField.value = matchingOption(formatField, headers.Format).value;
    list.value = lifted.body;
    return true;
  }

  // The rules check ------------------------------------------------------------------------------

  let checkTimer = null;
  let checkSeq = 0;
  let lineOffset = prependedLines().length;

  // The side is a field, but the rules read it from the list: it goes first, as the server does.
  function prependedLines() {
    const side = sideField ? sideField.value : "";
    if (!config.sideHeader || !side || parsed().headers[config.sideHeader] !== undefined) return [];
    return [config.sideHeader + ": " + side];
  }

  function scheduleCheck() {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(check, CHECK_DELAY_MS);
  }

  async function check() {
    const seq = ++checkSeq;
    const before = prependedLines();
    const text = before.length ? before.join("\n") + "\n" + list.value : list.value;
    validationStatus.textContent = "Checking\u2026";
    try {
      const response = await fetch(config.validateUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken },
        body: JSON.stringify({ game: config.game, list: text, format: formatField.value }),
      });
      const data = await response.json();
      if (seq !== checkSeq) return;
      validationPanel.classList.toggle("is-stale", !response.ok);
      if (!response.ok) {
        validationStatus.textContent = data.detail || "The list could not be checked.";
        return;
      }
      validationStatus.textContent = "";
      lineOffset = before.length;
      const was = lastResult;
      lastResult = data;
      validation.render(validationPanel, data, validationOptions);
      charts.draw(chartsBox, data.stats);
      showSummary(data);
      if (!was || was.legal !== data.legal || was.problems.length !== data.problems.length) announce(verdict(data));
      changeListeners.forEach((listener) => listener("checked", data));
    } catch (error) {
      if (seq === checkSeq) validationStatus.textContent = "The rules check failed; check your connection.";
    }
  }

  // A problem about a line selects that line of the list.
  validationPanel.addEventListener("click", (event) => {
    const problem = event.target.closest(".problem[data-line]");
    if (!problem) return;
    const index = Number(problem.dataset.line) - 1 - lineOffset;
    const lines = list.value.split("\n");
    if (index < 0 || index >= lines.length) return;
    const start = lines.slice(0, index).reduce((sum, line) => sum + line.length + 1, 0);
    list.focus();
    list.setSelectionRange(start, start + lines[index].length);
  });

  function verdict(result) {
    if (result.legal) return "The deck is legal.";
    return "Not legal: " + plural(result.problems.length, "problem") + ". "
      + result.problems.slice(0, 3).map((p) => wordsFor(p.code) + ".").join(" ");
  }

  function wordsFor(code) {
    return (config.problemWords || {})[code] || capfirst(code.replace(/_/g, " "));
  }

  function showSummary(result) {
    summaryBar.hidden = false;
    summaryBar.dataset.legal = result.legal ? "true" : "false";
    summaryBar.textContent = (result.legal ? "Legal" : "Not legal \u00b7 " + plural(result.problems.length, "problem"))
      + " \u00b7 " + total.textContent.replace(/[()]/g, "");
  }

  // The side_missing message of the rules check speaks of a "Side:" line; here a menu sets it.
  function messageFor(problem) {
    if (problem.code === "side_missing" && sideField && !parsed().headers[config.sideHeader]) {
      return "Choose a side of the alignment chart in the Side menu above.";
    }
    return problem.message;
  }

  const validationOptions = {
    words: wordsFor,
    message: messageFor,
    fixes: (problem) => (window.Cardtable.fixes ? window.Cardtable.fixes.forProblem(problem) : []),
  };

  // Testing a deck the rules check finds illegal says why, here, instead of a page that says the
  // run did not start.
  const testForm = document.getElementById("sim-test-form");
  if (testForm) {
    const blocked = el("div", "alert sim-blocked");
    blocked.id = "sim-blocked";
    blocked.hidden = true;
    blocked.tabIndex = -1;
    testForm.parentNode.insertBefore(blocked, testForm);
    testForm.addEventListener("submit", (event) => {
      if (!lastResult || lastResult.legal) {
        blocked.hidden = true;
        return;
      }
      event.preventDefault();
      const items = el("ul", "problem-list");
      lastResult.problems.forEach((p) => {
        const item = el("li", "problem");
        item.append(el("strong", "", wordsFor(p.code) + ": "), messageFor(p));
        items.appendChild(item);
      });
      const link = el("a", "", "See the rules check");
      link.href = "#check-heading";
      const intro = el("p", "", "This deck can't be tested yet: only a legal deck plays. "
        + capfirst(plural(lastResult.problems.length, "problem")) + " to fix first (your list is kept):");
      blocked.replaceChildren(el("h3", "", "Not started"), intro, items, link);
      blocked.hidden = false;
      blocked.focus();
      announce(verdict(lastResult));
    }, true);
  }

  // Export without an account: the list with its fields as headers, as a text file.
  function exportText() {
    const lines = [];
    if (nameField.value.trim()) lines.push("Name: " + nameField.value.trim());
    if (sideField && sideField.value && parsed().headers[config.sideHeader] === undefined) lines.push("Side: " + sideField.value);
    lines.push("Format: " + formatField.value);
    return lines.join("\n") + "\n" + list.value;
  }

  const download = document.getElementById("download-list");
  download.hidden = false;
  download.addEventListener("click", () => {
    const blob = new Blob([exportText()], { type: "text/plain;charset=utf-8" });
    const link = el("a");
    link.href = URL.createObjectURL(blob);
    const slug = (nameField.value || "deck").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    link.download = (slug || "deck") + "-" + config.game + ".txt";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });

  // Wiring ---------------------------------------------------------------------------------------

  function listChanged() {
    const deck = renderPanel();
    markResults(deck);
    scheduleCheck();
    changeListeners.forEach((listener) => listener("list", deck));
  }

  list.addEventListener("input", listChanged);
  list.addEventListener("change", () => {
    if (liftHeaders()) listChanged();
  });
  list.addEventListener("paste", () => {
    setTimeout(() => {
      if (liftHeaders()) listChanged();
    }, 0);
  });
  [sideField, formatField].forEach((field) => field && field.addEventListener("change", scheduleCheck));
  formatField.addEventListener("change", () => markResults(renderPanel()));
  form.addEventListener("submit", liftHeaders);

  renderPanel();
  document.getElementById("deck-heading").tabIndex = -1;

  window.Cardtable.builder = {
    config: config,
    parsed: parsed,
    countIn: countIn,
    room: room,
    addCopies: addCopies,
    changeCount: changeCount,
    listChanged: listChanged,
    check: check,
    announce: announce,
    search: (text) => {
      query.value = text;
      searchForm.requestSubmit();
      query.focus();
    },
    lastResult: () => lastResult,
    onChange: (listener) => changeListeners.push(listener),
    defaultSection: defaultSection,
  };
  check();
})();
