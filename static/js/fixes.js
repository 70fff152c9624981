/* One-click fixes beside the rules check's problems, where the fix is clear: remove the copies over
   a limit, choose a side the party allows, find the missing Stronghold, Condemned or Party Members,
   take the suggested name for an unknown card, move a card to the section it goes in.

   A problem with no clear fix (which of five Party Members to drop?) gets no button: the message
   says what is wrong and the player chooses. Every fix edits the list through the builder, so the
   rules check follows as after any edit. */
(function () {
  "use strict";

  const { el } = window.Cardtable.dom;
  const { decklist } = window.Cardtable;

  function builder() {
    return window.Cardtable.builder;
  }

  function fixButton(label, action) {
    const button = el("button", "secondary small-button fix-button", label);
    button.type = "button";
    button.addEventListener("click", () => {
      action();
      const b = builder();
      b.announce("Done: " + label + ".");
      // The problem list is redrawn after the check; the list's panel keeps the focus meanwhile.
      document.getElementById("deck-heading").focus();
    });
    return button;
  }

  function limitOf(name) {
    return (builder().config.limits || {})[decklist.normalizeName(name)] || null;
  }

  /* Take `extra` copies of a card off the deck, from its last lines first. */
  function removeCopies(name, extra) {
    const b = builder();
    const entries = b.parsed().entries.filter((e) => decklist.normalizeName(e.name) === decklist.normalizeName(name));
    let left = extra;
    entries.reverse().forEach((entry) => {
      if (left <= 0) return;
      const taken = Math.min(left, entry.count);
      left -= taken;
      b.changeCount({ name: entry.name, section: entry.section, pin: entry.pin }, entry.count - taken);
    });
  }

  function overLimit(problem) {
    return (problem.cards || []).map((name) => {
      const limit = limitOf(name);
      if (!limit || limit.max === undefined) return null;
      const extra = builder().countIn(builder().parsed(), name) - limit.max;
      if (extra <= 0) return null;
      return fixButton("Remove " + extra + " extra " + name, () => removeCopies(name, extra));
    }).filter(Boolean);
  }

  /* The sides no Party Member of the deck opposes. */
  function allowedSides() {
    const b = builder();
    const held = new Set();
    b.parsed().entries.forEach((entry) => {
      const limit = limitOf(entry.name);
      if (limit && limit.sides) limit.sides.forEach((side) => held.add(side));
    });
    return (b.config.sides || []).filter((side) => !held.has(b.config.opposed[side]));
  }

  function sideFixes() {
    const side = document.getElementById("id_side");
    // Without Party Members every side is open: which to take is the player's choice, not a fix.
    const party = builder().parsed().entries.some((e) => (limitOf(e.name) || {}).group === "party");
    if (!side || !party) return [];
    return allowedSides().filter((s) => s !== side.value).slice(0, 2).map((s) => fixButton("Set Side: " + s, () => {
      side.value = s;
      side.dispatchEvent(new Event("change", { bubbles: true }));
    }));
  }

  function findButton(label, query) {
    const button = el("button", "secondary small-button fix-button", label);
    button.type = "button";
    button.addEventListener("click", () => builder().search(query));
    return button;
  }

  function suggestedNames(message) {
    const asked = /Did you mean (.*)\?$/.exec(message);
    if (!asked) return [];
    return Array.from(asked[1].matchAll(/"([^"]+)"/g), (m) => m[1]);
  }

  function renameFixes(problem) {
    const unknown = (problem.cards || [])[0];
    if (!unknown) return [];
    return suggestedNames(problem.message).slice(0, 2).map((name) => fixButton("Use " + name, () => {
      const b = builder();
      const list = document.getElementById("id_list");
      const lines = list.value.split("\n");
      const key = decklist.normalizeName(unknown);
      b.parsed().entries.filter((e) => decklist.normalizeName(e.name) === key).forEach((entry) => {
        entry.lines.forEach((index) => { lines[index] = entry.count + " " + name; });
      });
      list.value = lines.join("\n");
      b.listChanged();
    }));
  }

  function moveFixes(problem) {
    const b = builder();
    return (problem.cards || []).map((name) => {
      const limit = limitOf(name);
      const home = limit && b.config.defaultSections[limit.type];
      if (!home) return null;
      const key = decklist.normalizeName(name);
      const misplaced = b.parsed().entries.filter((e) => decklist.normalizeName(e.name) === key && e.section !== home
        && !b.config.openSections.includes(e.section));
      if (!misplaced.length) return null;
      return fixButton("Move " + name + " to " + home, () => {
        misplaced.forEach((entry) => {
          b.changeCount({ name: entry.name, section: entry.section, pin: entry.pin }, 0);
          const there = b.countIn(b.parsed(), name, home);
          b.changeCount({ name: name, section: home, pin: null }, there + entry.count);
        });
      });
    }).filter(Boolean);
  }

  // [the limit group, the fewest the rules ask for (null: the group's maximum), label, search]
  const MISSING = {
    stronghold_count: ["stronghold", 1, "Find a Stronghold", "t:stronghold"],
    condemned_count: ["condemned", 1, "Find a Condemned", "t:condemned"],
    party_size: ["party", null, "Find Party Members", "t:pm"],
    tenth_hour_count: ["tenth_hour", 1, "Find a 10th-Hour Creature", "t:creature hour=10"],
  };

  function inGroup(group) {
    let found = 0;
    builder().parsed().entries.forEach((entry) => {
      const limit = limitOf(entry.name);
      if (limit && limit.group === group) found += entry.count;
    });
    const member = Object.values(builder().config.limits || {}).find((limit) => limit.group === group);
    return { found: found, most: member ? member.groupMax : 0 };
  }

  function forProblem(problem) {
    if (!builder()) return [];
    switch (problem.code) {
      case "frequency":
      case "copies":
      case "party_unique":
        return problem.severity === "error" ? overLimit(problem) : [];
      case "side_missing":
      case "side_conflict":
        return sideFixes();
      case "unknown_card":
        return renameFixes(problem);
      case "zone":
        return moveFixes(problem);
      default:
        break;
    }
    const missing = MISSING[problem.code];
    if (!missing) return [];
    // Too few of a kind is fixed by finding one; too many needs the player's choice of which to drop.
    const [group, fewest, label, query] = missing;
    const count = inGroup(group);
    const needed = fewest === null ? count.most : fewest;
    return count.found < needed ? [findButton(label, query)] : [];
  }

  window.Cardtable = window.Cardtable || {};
  window.Cardtable.fixes = { forProblem: forProblem, allowedSides: allowedSides };
})();
