/* What deckbuilding needs to know of a card at a glance, from the card API's answer
   (docs/contract.md, "Cards"): Initiative and Frequency, RV/RR, damage, Species and Hour... */
(function () {
  "use strict";

  function present(value) {
    return value !== null && value !== undefined && value !== "";
  }

  const FACTS = {
    qqdnd: (type, a) => (type === "party_member"
      ? [["RV", a.rv], ["RR", a.rr], ["HV", a.hv], ["Life", a.life], ["Alignment", a.alignment]]
      : [["Initiative", a.initiative], ["Frequency", present(a.frequency) ? a.frequency : "not printed"],
        ["", a.category], ["Life", a.life]]),
    condemned: (type, a) => {
      if (type === "condemned") return [["Life", a.life]];
      if (type === "weapon") {
        return [["Damage", present(a.damage) ? a.damage + " " + (a.damage_type || "") : null],
          ["Durability", a.durability], ["Hands", a.hands], ["", a.range]];
      }
      if (type === "armor") return [["Slot", a.slot], ["Durability", a.durability], ["Set", a.armor_set]];
      return [["Timing", a.timing]];
    },
    anguish: (type, a) => [
      ["Species", a.species ? (a.species.length ? a.species.join("/") : "Agnostic") : null],
      ["Hour", a.hour], ["Arsenal", a.arsenal], ["Protection", a.protection], ["Strength", a.strength],
      ["", (a.abilities || []).join(", ")],
    ],
  };

  /* ["Initiative 17", "Frequency 4", ...]: the facts the card has, in the game's words. */
  function cardFacts(game, card) {
    const pick = FACTS[game];
    if (!pick) return [];
    return pick(card.card_type, card.attributes || {})
      .filter(([, value]) => present(value))
      .map(([label, value]) => (label ? label + " " + value : String(value)));
  }

  window.Cardtable = window.Cardtable || {};
  window.Cardtable.cardFacts = cardFacts;
})();
