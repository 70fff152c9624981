/* The validation panel, drawn from the validate endpoint's answer (docs/contract.md): the same
   markup as templates/decks/_validation.html, which draws it on the server. */
(function () {
  "use strict";

  // Summary keys laid out on their own (the hour curve is a chart); any other key is listed as a
  // plain fact, as decks/views.py does.
  const LAID_OUT = ["sections", "assignment", "unassigned", "hour_curve"];

  const { el, plural } = window.Cardtable.dom;

  function capfirst(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function factLabel(key) {
    return capfirst(key.replace(/_/g, " "));
  }

  function factText(value) {
    if (Array.isArray(value)) return value.map(factText).join(", ") || "none";
    if (value && typeof value === "object") {
      // Counts by kind ("card_types"): the kinds the deck has none of are left out.
      return Object.entries(value)
        .filter(([, v]) => v !== 0)
        .map(([k, v]) => factLabel(k) + " " + factText(v))
        .join(" \u00b7 ") || "none";
    }
    return String(value);
  }

  function definitionList(className, pairs) {
    const list = el("dl", className);
    pairs.forEach(([term, value]) => {
      const row = el("div");
      row.append(el("dt", "", term), el("dd", "", String(value)));
      list.appendChild(row);
    });
    return list;
  }

  // A problem's code as words (decks/builder.py PROBLEM_WORDS), never the code itself.
  function defaultWords(code) {
    return capfirst(code.replace(/_/g, " "));
  }

  /* The problems the answer lists, then how many it left out (it lists the first 50).
     `options`: words(code), message(problem) and fixes(problem) -> buttons to put beside it. */
  function problemList(problems, omitted, options) {
    const fragment = document.createDocumentFragment();
    const list = el("ul", "problem-list");
    fragment.appendChild(list);
    problems.forEach((problem) => {
      const item = el("li", "problem problem-" + problem.severity);
      item.dataset.code = problem.code;
      if (problem.line) item.dataset.line = problem.line;
      const words = (options.words || defaultWords)(problem.code);
      const message = options.message ? options.message(problem) : problem.message;
      item.append(el("strong", "problem-words", words), " ", el("span", "problem-message", message));
      if (problem.cards && problem.cards.length) {
        const cards = el("ul", "problem-cards");
        cards.setAttribute("aria-label", "Cards");
        problem.cards.forEach((name) => {
          const card = el("li", "card-name", name);
          card.dataset.card = name;
          cards.appendChild(card);
        });
        if (problem.cards_omitted) cards.appendChild(el("li", "muted", "and " + problem.cards_omitted + " more"));
        item.appendChild(cards);
      }
      const fixes = options.fixes ? options.fixes(problem) : [];
      if (fixes.length) {
        const box = el("div", "problem-fixes");
        fixes.forEach((button) => box.appendChild(button));
        item.appendChild(box);
      }
      list.appendChild(item);
    });
    if (omitted) fragment.appendChild(el("p", "muted small problems-omitted", "and " + omitted + " more not listed here"));
    return fragment;
  }

  function countList(counts) {
    const list = el("ul", "member-cards");
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .forEach(([name, count]) => {
        const item = el("li", "", count + " ");
        const card = el("span", "card-name", name);
        card.dataset.card = name;
        item.appendChild(card);
        list.appendChild(item);
      });
    return list;
  }

  function render(container, result, options) {
    options = options || {};
    const summary = result.summary || {};
    const omitted = result.omitted || { problems: 0, warnings: 0 };
    const panel = el("div", "validation");
    panel.dataset.legal = result.legal ? "true" : "false";

    const legality = el("p", "legality");
    if (result.legal) {
      legality.appendChild(el("span", "badge badge-legal", "Legal"));
    } else {
      legality.append(el("span", "badge badge-illegal", "Not legal"), " ",
        el("span", "muted", plural(result.problems.length + omitted.problems, "problem")));
    }
    legality.append(" ", el("span", "muted", "· " + capfirst(result.format)));
    panel.appendChild(legality);

    const sections = Object.entries(summary.sections || {});
    if (sections.length) panel.appendChild(definitionList("section-counts", sections));
    if (result.problems.length) panel.append(el("h3", "", "Problems"), problemList(result.problems, omitted.problems, options));
    if (result.warnings.length) panel.append(el("h3", "", "Warnings"), problemList(result.warnings, omitted.warnings, options));

    const members = Object.entries(summary.assignment || {});
    if (members.length) {
      panel.append(el("h3", "", "Party Member sections"),
        el("p", "muted small", "Which Resources the check gave to each Party Member's section."));
      const list = el("ul", "member-sections");
      members.forEach(([member, cards]) => {
        const total = Object.values(cards).reduce((sum, n) => sum + n, 0);
        const item = el("li");
        item.append(el("strong", "", member), " ", el("span", "muted", plural(total, "card")), countList(cards));
        list.appendChild(item);
      });
      panel.appendChild(list);
    }
    if (summary.unassigned && Object.keys(summary.unassigned).length) {
      panel.append(el("h3", "", "Fits no section"), countList(summary.unassigned));
    }
    const facts = Object.entries(summary)
      // A fact with no value (no single Condemned) is left out: the problems say what is missing.
      .filter(([key, value]) => !LAID_OUT.includes(key) && value !== null && value !== undefined)
      .map(([key, value]) => [factLabel(key), factText(value)]);
    if (facts.length) panel.appendChild(definitionList("facts", facts));

    container.replaceChildren(panel);
  }

  window.Cardtable = window.Cardtable || {};
  window.Cardtable.validation = { render: render };
})();
