/* The deck list text format in the browser: read a list the way engine/decklist.py does, and edit
   it one card at a time so that the text stays the user's own (comments, order and lines the
   server will report are left alone). The server stays the judge of what a list means: this only
   drives the builder's card panel. */
(function () {
  "use strict";

  const PLAIN_FORMS = {
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'", "\u02bc": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
  };
  const SECTION = /^([A-Za-z]+)\s*(?:\(([^()]*)\))?\s*:$/;
  const HEADER = /^([A-Za-z][A-Za-z0-9_-]*)\s*:\s*(\S.*)$/;
  const COUNTED = /^([+-]?\d+)[xX]?(?:\s+(\S.*))?$/;
  const MAX_COPIES_PER_LINE = 999;
  // Headers the builder edits as fields of the form rather than as lines of the list.
  const FIELD_HEADERS = ["Name", "Side", "Format"];

  function fold(text) {
    return text.split(/\s+/).filter(Boolean).join(" ");
  }

  /* The form names are compared in: "Alchemist’s  Fire" and "alchemist's fire" are one card. */
  function normalizeName(name) {
    const plain = Array.from(name.normalize("NFKC"), (ch) => PLAIN_FORMS[ch] || ch).join("");
    return fold(plain).toLowerCase();
  }

  function canonicalKey(key) {
    return key.charAt(0).toUpperCase() + key.slice(1).toLowerCase();
  }

  function entryKey(name, section, pin) {
    return [normalizeName(name), section || "", pin ? normalizeName(pin) : ""].join("\u0000");
  }

  /* Read a list. `sections` are the game's section names in order. Lines the server would refuse
     are skipped here; the validation panel reports them with their line numbers. */
  function parse(text, sections) {
    const known = new Map(sections.map((s) => [s.toLowerCase(), s]));
    const result = { headers: {}, entries: [], sectionLines: [] };
    const byKey = new Map();
    let section = null;
    let pin = null;
    let seenSection = false;
    text.split("\n").forEach((raw, index) => {
      const line = fold(raw);
      if (!line || line.startsWith("#")) return;
      const sectionMatch = SECTION.exec(line);
      if (sectionMatch) {
        const name = known.get(sectionMatch[1].toLowerCase());
        if (name) {
          section = name;
          pin = sectionMatch[2] !== undefined ? sectionMatch[2].trim() || null : null;
          seenSection = true;
          result.sectionLines.push({ section: name, pin: pin, index: index });
        }
        return;
      }
      const headerMatch = HEADER.exec(line);
      if (headerMatch) {
        if (!seenSection) result.headers[canonicalKey(headerMatch[1])] = headerMatch[2].trim();
        return;
      }
      let count = 1;
      let name = line;
      const counted = COUNTED.exec(line);
      if (counted) {
        count = parseInt(counted[1], 10);
        name = counted[2];
        if (!name || count < 1 || count > MAX_COPIES_PER_LINE) return;
      }
      const key = entryKey(name, section, pin);
      const earlier = byKey.get(key);
      if (earlier) {
        earlier.count += count;
        earlier.lines.push(index);
      } else {
        const entry = { name: name, count: count, section: section, pin: pin, lines: [index] };
        byKey.set(key, entry);
        result.entries.push(entry);
      }
    });
    return result;
  }

  function sectionRank(sections, section, pin) {
    const rank = sections.indexOf(section);
    return (rank < 0 ? sections.length : rank) * 2 + (pin ? 1 : 0);
  }

  function withTrailingNewline(lines) {
    while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
    return lines.length ? lines.join("\n") + "\n" : "";
  }

  /* The list with `count` copies of a card in a section (0 removes it). An existing line is
     rewritten in place; a new card goes at the end of its section, and a missing section header
     is added where the game's order puts it. */
  function setCount(text, sections, target, count) {
    const lines = text.split("\n");
    const parsed = parse(text, sections);
    const key = entryKey(target.name, target.section, target.pin);
    const entry = parsed.entries.find((e) => entryKey(e.name, e.section, e.pin) === key);
    if (entry) {
      const [first, ...rest] = entry.lines;
      rest.sort((a, b) => b - a).forEach((index) => lines.splice(index, 1));
      if (count > 0) lines[first] = count + " " + entry.name;
      else lines.splice(first, 1);
      return withTrailingNewline(lines);
    }
    if (count <= 0) return text;
    const cardLine = count + " " + target.name;
    const headerIndex = parsed.sectionLines.findIndex(
      (s) => s.section === target.section && normalizeName(s.pin || "") === normalizeName(target.pin || "")
    );
    if (headerIndex >= 0) {
      const start = parsed.sectionLines[headerIndex].index;
      const next = parsed.sectionLines[headerIndex + 1];
      const end = next ? next.index : lines.length;
      let last = start;
      for (let i = start + 1; i < end; i++) if (lines[i].trim()) last = i;
      lines.splice(last + 1, 0, cardLine);
      return withTrailingNewline(lines);
    }
    const header = target.pin ? target.section + " (" + target.pin + "):" : target.section + ":";
    const rank = sectionRank(sections, target.section, target.pin);
    const later = parsed.sectionLines.find((s) => sectionRank(sections, s.section, s.pin) > rank);
    if (later) {
      lines.splice(later.index, 0, header, cardLine, "");
      return withTrailingNewline(lines);
    }
    const kept = withTrailingNewline(lines);
    return (kept ? kept + "\n" : "") + header + "\n" + cardLine + "\n";
  }

  /* Take the Name, Side and Format lines off the top of a pasted list: the builder shows them as
     fields. `accept(key, value)` says whether a field can take the value. Returns the headers
     taken and the rest of the list. */
  function liftHeaders(text, accept) {
    const lines = text.split("\n");
    const headers = {};
    const lifted = [];
    for (let i = 0; i < lines.length; i++) {
      const line = fold(lines[i]);
      if (!line || line.startsWith("#")) continue;
      if (SECTION.test(line)) break;
      const match = HEADER.exec(line);
      if (!match) break;
      const key = canonicalKey(match[1]);
      if (FIELD_HEADERS.includes(key) && accept(key, match[2].trim())) {
        headers[key] = match[2].trim();
        lifted.push(i);
      }
    }
    if (!lifted.length) return { headers: headers, body: text };
    lifted.reverse().forEach((index) => lines.splice(index, 1));
    while (lines.length && !lines[0].trim()) lines.shift();
    return { headers: headers, body: withTrailingNewline(lines) };
  }

  window.Cardtable = window.Cardtable || {};
  window.Cardtable.decklist = {
    normalizeName: normalizeName,
    parse: parse,
    setCount: setCount,
    liftHeaders: liftHeaders,
  };
})();
