/* A sample opening hand drawn by the game's own opening rules, and the chance of holding at least
   one copy of a chosen card by each turn (hypergeometric: drawing without replacement).

   QQDND: the opening hand is the party's total Hand Value, drawn from the Resources; no mulligan.
   The Condemned: 5 cards, and up to 2 mulligans that shuffle the hand back and draw 5 new.
   Anguish: 5 cards from the Lifeblood (the Stronghold starts apart, the Sideboard is not drawn
   from), and one mulligan that puts the chosen cards at the bottom and draws as many.
   The rules' numbers come from the page (decks/builder.py opening_rules). */
(function () {
  "use strict";

  const section = document.getElementById("sample-hand");
  const source = document.getElementById("hand-config");
  if (!section || !source) return;
  const setup = JSON.parse(source.textContent);
  const rules = setup.rules;
  if (!rules || !rules.unit) return;
  const { el, plural } = window.Cardtable.dom;
  const normalize = window.Cardtable.decklist ? window.Cardtable.decklist.normalizeName : (n) => n.toLowerCase();
  const TURNS = 6;

  const drawButton = document.getElementById("hand-draw");
  const mulliganButton = document.getElementById("hand-mulligan");
  const nextButton = document.getElementById("hand-next");
  const status = document.getElementById("hand-status");
  const handList = document.getElementById("hand-cards");
  const oddsCard = document.getElementById("odds-card");
  const oddsBody = document.querySelector("#odds-table tbody");

  function builder() {
    return window.Cardtable.builder || null;
  }

  function cardData(name) {
    const cards = builder() ? builder().config.limits : setup.cards;
    return (cards || {})[normalize(name)] || null;
  }

  function entries() {
    return builder() ? builder().parsed().entries : setup.entries || [];
  }

  /* The deck as the game draws from it: one name per copy, and the opening hand's size. */
  function deck() {
    const pile = [];
    let handValue = 0;
    entries().forEach((entry) => {
      const data = cardData(entry.name);
      if (!data) return;
      if (data.type === "party_member") handValue += (data.hv || 0) * entry.count;
      const drawn = rules.pile.includes(data.type) && entry.section !== "Sideboard";
      for (let i = 0; drawn && i < entry.count; i++) pile.push(entry.name);
    });
    return { pile: pile, handSize: rules.handSize === null ? handValue : rules.handSize };
  }

  function shuffled(cards) {
    const copy = cards.slice();
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  // The game being sampled: library (top first), hand, mulligans taken.
  let game = null;

  function drawHand() {
    const { pile, handSize } = deck();
    if (!handSize) {
      status.textContent = "Add Party Members first: the opening hand is their total Hand Value.";
      return;
    }
    if (pile.length < handSize) {
      status.textContent = "The deck has " + plural(pile.length, "card") + " to draw from; an opening hand is " + handSize + ".";
      return;
    }
    const library = shuffled(pile);
    game = { library: library.slice(handSize), hand: library.slice(0, handSize), mulligans: 0, size: handSize };
    show("Opening hand: " + plural(handSize, "card") + ".");
  }

  function show(message) {
    handList.replaceChildren(...game.hand.map((name, index) => {
      const item = el("li", "hand-card");
      const label = el("span", "card-name", name);
      label.dataset.card = name;
      label.dataset.game = setup.game;
      if (rules.mulligan === "chosen" && game.mulligans < rules.mulligans) {
        const mark = el("button", "secondary small-button hand-mark", "Put back");
        mark.type = "button";
        mark.dataset.index = String(index);
        mark.setAttribute("aria-pressed", "false");
        mark.setAttribute("aria-label", "Put back " + name);
        item.append(label, " ", mark);
      } else {
        item.appendChild(label);
      }
      return item;
    }));
    const left = rules.mulligans - game.mulligans;
    mulliganButton.hidden = !rules.mulligan || left <= 0;
    mulliganButton.textContent = rules.mulligan === "chosen" ? "Put back the marked cards and draw as many"
      : "Mulligan (" + left + " left)";
    nextButton.hidden = false;
    nextButton.disabled = !game.library.length;
    status.textContent = message + " " + plural(game.library.length, "card") + " left in the deck.";
  }

  function mulligan() {
    if (!game || game.mulligans >= rules.mulligans) return;
    if (rules.mulligan === "whole") {
      // "they shuffle their hand into their deck, then draw 5 new cards"
      const library = shuffled(game.library.concat(game.hand));
      game.hand = library.slice(0, game.size);
      game.library = library.slice(game.size);
      game.mulligans += 1;
      show("Mulligan " + game.mulligans + ": a new hand of " + game.size + ".");
      return;
    }
    // "place up to 5 cards from your current draw at the bottom of your Lifeblood and draw an equal number"
    const marked = Array.from(handList.querySelectorAll('.hand-mark[aria-pressed="true"]'), (b) => Number(b.dataset.index));
    if (!marked.length) {
      status.textContent = "Mark the cards to put back first.";
      return;
    }
    const back = marked.map((i) => game.hand[i]);
    game.hand = game.hand.filter((_, i) => !marked.includes(i));
    const drawn = game.library.slice(0, back.length);
    game.library = game.library.slice(back.length).concat(back);
    game.hand = game.hand.concat(drawn);
    game.mulligans += 1;
    show("Put back " + plural(back.length, "card") + " at the bottom and drew " + back.length + ".");
  }

  function drawOne() {
    if (!game || !game.library.length) return;
    game.hand.push(game.library.shift());
    show("Drew " + game.hand[game.hand.length - 1] + ".");
  }

  // Odds ----------------------------------------------------------------------------------------

  /* P(at least one of `copies` among `seen` cards of a deck of `size`), without replacement. */
  function atLeastOne(size, copies, seen) {
    if (copies <= 0 || seen <= 0) return 0;
    if (seen > size - copies) return 1;
    let none = 1;
    for (let i = 0; i < seen; i++) none *= (size - copies - i) / (size - i);
    return 1 - none;
  }

  function percent(p) {
    return p >= 0.9995 ? "100%" : p < 0.0005 ? "0%" : (p * 100).toFixed(1) + "%";
  }

  function drawOdds() {
    const { pile, handSize } = deck();
    const names = Array.from(new Set(pile)).sort((a, b) => a.localeCompare(b));
    const chosen = names.includes(oddsCard.value) ? oddsCard.value : names[0];
    oddsCard.replaceChildren(...names.map((name) => {
      const option = el("option", "", name);
      option.value = name;
      return option;
    }));
    if (chosen) oddsCard.value = chosen;
    const copies = pile.filter((name) => name === chosen).length;
    const rows = [];
    if (chosen && handSize) {
      const perTurn = rules.perTurn === null ? handSize : rules.perTurn;
      for (let turn = 1; turn <= TURNS; turn++) {
        const seen = Math.min(pile.length, handSize + perTurn * (turn - 1));
        rows.push([rules.unit + " " + turn, seen, atLeastOne(pile.length, copies, seen)]);
      }
      const opening = atLeastOne(pile.length, copies, handSize);
      if (rules.mulligan === "whole") {
        // Each mulligan is a fresh hand from the whole deck: independent tries.
        rows.splice(1, 0, ["Opening, mulliganing for it up to " + rules.mulligans + " times", handSize,
          1 - Math.pow(1 - opening, rules.mulligans + 1)]);
      } else if (rules.mulligan === "chosen") {
        rows.splice(1, 0, ["Opening, putting the whole hand back for it", Math.min(pile.length, handSize * 2),
          atLeastOne(pile.length, copies, Math.min(pile.length, handSize * 2))]);
      }
    }
    oddsBody.replaceChildren(...rows.map(([label, seen, chance]) => {
      const row = el("tr");
      row.append(el("th", "", label), el("td", "", String(seen)), el("td", "odds-chance", percent(chance)));
      row.firstChild.scope = "row";
      return row;
    }));
    document.getElementById("odds-note").textContent = chosen
      ? copies + (copies === 1 ? " copy" : " copies") + " of " + chosen + " in " + plural(pile.length, "card") + ". " + rules.note
      : "Add cards to see the odds.";
  }

  function describeRule() {
    const opening = rules.handSize === null ? "the party's total Hand Value" : rules.handSize + " cards";
    const again = !rules.mulligan ? "no mulligan"
      : rules.mulligan === "whole" ? "up to " + rules.mulligans + " mulligans (the hand shuffled back, " + rules.handSize + " new)"
        : "one mulligan (chosen cards to the bottom, as many drawn)";
    document.getElementById("hand-rule").textContent = "Opening hand: " + opening + "; " + again + ".";
    document.getElementById("odds-unit").textContent = rules.unit;
  }

  drawButton.addEventListener("click", drawHand);
  mulliganButton.addEventListener("click", mulligan);
  nextButton.addEventListener("click", drawOne);
  handList.addEventListener("click", (event) => {
    const mark = event.target.closest(".hand-mark");
    if (!mark) return;
    const on = mark.getAttribute("aria-pressed") !== "true";
    mark.setAttribute("aria-pressed", on ? "true" : "false");
    mark.closest(".hand-card").classList.toggle("is-marked", on);
  });
  oddsCard.addEventListener("change", drawOdds);
  if (builder()) builder().onChange((kind) => { if (kind === "list") drawOdds(); });

  describeRule();
  drawOdds();
  section.hidden = false;
  window.Cardtable.sampleHand = { atLeastOne: atLeastOne };
})();
