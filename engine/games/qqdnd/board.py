"""The QQDND board: zones, and the rules every effect goes through.

Drawing (and reshuffling the discard pile), damage (Challenge, Block, Shield counters, defeat),
cards entering and leaving play (Equip, Teach, the Unique rule, tokens ceasing to exist), and the
checks the rules make whenever the board changes. The round structure and the moves are in
state.py; what each card does is in effects.py.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.core import CardInstance
from engine.games.qqdnd.carddefs import ActionDef, CardBook, CardDef
from engine.games.qqdnd.choices import Chooser
from engine.games.qqdnd.filters import Filter
from engine.games.qqdnd.pieces import DECK, DISCARD, FIELD, GONE, HAND, REMOVED, UNDER, ZONE_NAMES, Piece
from engine.games.qqdnd.verbs import Ctx, run_program
from engine.shuffling import shuffle as shuffle_pile


class Board:
    """Zones and rules; QQDNDState adds the round structure on top."""

    book: CardBook
    rng: random.Random
    choosers: tuple[Chooser, Chooser]
    unimplemented: frozenset[str] = frozenset()  # card names whose plays count as having no effect

    def _init_board(self, book: CardBook, rng: random.Random, choosers: tuple[Chooser, Chooser]) -> None:
        self.book = book
        self.class_names = book.class_names
        self.statics_present = book.statics_present
        self.rng = rng
        self.choosers = choosers
        self.round = 0
        self.over = False
        self.cards: list[Piece] = []
        # The cards of the game whose definition has a static rule, by rule (controls_active), worked out once asked
        # and again once there are more cards (a token made, a card added); of this many cards.
        self._holders: dict[str, list[Piece]] = {}
        self._holders_of = 0
        self.tokens_in_play: set[int] = set()
        self.deck: list[list[Piece]] = [[], []]  # the top of a deck is the end of its list
        self.hand: list[list[Piece]] = [[], []]
        self.discard: list[list[Piece]] = [[], []]
        self.field: list[list[Piece]] = [[], []]  # by controller
        self.under_pile: list[list[Piece]] = [[], []]  # by owner
        self.removed: list[list[Piece]] = [[], []]
        # Cards in play with a rule settle() checks: without one, there is nothing to check.
        self.settled_in_play = 0
        self.hand_values: list[int] | None = None  # each party's Hand Value, once asked (hand_value)
        # Whether something on a card in play lasts until the end of the round (end_round_effects): a card put
        # into play for the round, Transmute, Disguise Self, a borrowed Ally. Set by each of them.
        self.until_round_end = False
        # Each zone's two lists, by zone number (GONE has none).
        self._zone_sides: tuple[list[list[Piece]] | None, ...] = tuple(
            {DECK: self.deck, HAND: self.hand, DISCARD: self.discard, FIELD: self.field, UNDER: self.under_pile,
             REMOVED: self.removed}.get(zone) for zone in range(len(ZONE_NAMES)))
        # What this round has done, per player.
        self.no_attacks = [False, False]
        self.attacks_played = [0, 0]
        self.lost_this_round = [False, False]
        self.magus_bonus = [0, 0]
        self.concealed = [False, False]
        self.bonus_actions = [0, 0]
        self.bonus_any = [False, False]
        self.tb_used = [False, False]
        self.forced: list[tuple[Piece, str] | None] = [None, None]
        self.performed_this_round: list[ActionDef] = []
        # Where the Action Resource being played goes once it resolves ("discard", "hand", "removed").
        self.resolving_destination = "discard"
        # Each seat's statistics (GameRecord), by seat: card name -> copies; damage to the other party by round,
        # and the damage past a member's defeat (overkill). The goldfish's deck player is seat 0.
        self.drawn_by: list[Counter[str]] = [empty_counter(), empty_counter()]
        self.played_by: list[Counter[str]] = [empty_counter(), empty_counter()]
        self.no_effect_by: list[Counter[str]] = [empty_counter(), empty_counter()]
        self.damage_by_seat: list[list[int]] = [[], []]
        self.overkill_by_seat: list[list[int]] = [[], []]

    # Seat 0's statistics (the deck's player's, in a goldfish game), read by name.
    @property
    def drawn(self) -> Counter[str]:
        return self.drawn_by[0]

    @property
    def played(self) -> Counter[str]:
        return self.played_by[0]

    @property
    def no_effect(self) -> Counter[str]:
        return self.no_effect_by[0]

    @property
    def damage_by_round(self) -> list[int]:
        return self.damage_by_seat[0]

    @property
    def overkill_by_round(self) -> list[int]:
        return self.overkill_by_seat[0]

    # --- cards and zones ----------------------------------------------------------------------

    def new_piece(self, d: CardDef, owner: int) -> Piece:
        piece = Piece(CardInstance(len(self.cards), d.name), d, owner)
        self.cards.append(piece)
        return piece

    def add_card(self, record: Mapping[str, Any], owner: int) -> Piece:
        """Bring one more card into the game, on top of its owner's deck (to set up a position)."""
        piece = self.new_piece(self.book.add(record), owner)
        self._place(piece, DECK, owner)
        self.statics_present = self.book.statics_present
        self.unimplemented = self.unimplemented | self.book.missing
        return piece

    def _zone_list(self, piece: Piece) -> list[Piece] | None:
        sides = self._zone_sides[piece.zone]
        return None if sides is None else sides[piece.where]

    def _take(self, piece: Piece) -> None:
        """Lift a card out of its zone (and out of the pile it lies under)."""
        if piece.zone == HAND:
            piece.initiative_override = None
        elif piece.zone == FIELD:
            self.settled_in_play -= piece.d.settled
        elif piece.zone == UNDER:
            for host in self.in_play():
                if piece in host.under:
                    host.under.remove(piece)
                    break
        sides = self._zone_sides[piece.zone]  # _zone_list, written out (as in _place): every card moved comes here
        if sides is not None:
            sides[piece.where].remove(piece)

    def _place(self, piece: Piece, zone: int, where: int) -> None:
        piece.zone = zone
        piece.where = where
        if zone == FIELD:
            self.settled_in_play += piece.d.settled
        sides = self._zone_sides[zone]
        if sides is not None:
            sides[where].append(piece)

    def in_play(self) -> list[Piece]:
        return self.field[0] + self.field[1]

    def zone_cards(self, zone: str, player: int) -> list[Piece]:
        return list({"deck": self.deck, "discard": self.discard, "hand": self.hand}[zone][player])

    def in_play_finds(self, test: Filter, player: int, source: Piece) -> bool:
        """Whether a card in play passes a filter, for `player` acting with `source`."""
        for side in self.field:
            for p in side:
                if test.holds(self, p, player, source):
                    return True
        return False

    def party(self, player: int) -> list[Piece]:
        return [p for p in self.field[player] if p.d.is_party_member]

    # --- traits -------------------------------------------------------------------------------

    def has_trait(self, piece: Piece, trait: str, viewer: int) -> bool:
        # Disguise Self: the opponent's Actions see no class the Bard's controller did not choose.
        if piece.disguised and viewer != piece.controller and trait in self.class_names:
            return trait in self.choosers[piece.controller].disguise_classes
        if trait in piece.d.traits or trait in piece.traits_added:
            return True
        if trait == "Samurai":
            for item in piece.attached:
                if "grants_samurai" in item.d.statics and not item.blanked:
                    return True
        return False

    def traits_of(self, piece: Piece, viewer: int) -> set[str]:
        traits = set(piece.d.traits) | piece.traits_added
        if self.has_trait(piece, "Samurai", viewer):
            traits.add("Samurai")
        if piece.disguised and viewer != piece.controller:
            traits = {t for t in traits if t not in self.class_names} | set(
                self.choosers[piece.controller].disguise_classes)
        return traits

    def alignment_of(self, piece: Piece, viewer: int) -> str | None:
        if piece.disguised and viewer != piece.controller:
            return self.choosers[piece.controller].disguise_alignment
        return piece.alignment or piece.d.alignment

    # The checks below run for every card in play, many times a move: plain loops, not generators.

    def party_has(self, player: int, trait: str) -> bool:
        """"If there is a <class> in your party": an undefeated Party Member of that class."""
        for p in self.field[player]:
            if p.d.is_party_member and not p.defeated and self.has_trait(p, trait, player):
                return True
        return False

    def hand_value(self, player: int) -> int:
        """"All party members also have a Hand Value, the sum of which is the amount you draw". A party is the
        same from the first round to the last (Party Members "are on the field at all times"): worked out once."""
        values = self.hand_values
        if values is None:
            values = self.hand_values = [sum(p.d.hv for p in side if p.d.is_party_member) for side in self.field]
        return values[player]

    def active(self, piece: Piece, static: str) -> bool:
        """Whether one of the card's static rules is in effect now."""
        return static in piece.d.statics and not piece.blanked and not piece.defeated and piece.zone == FIELD

    def controls_active(self, player: int, static: str) -> bool:
        """Whether a card the player controls has the static rule in effect: of the game's few cards that have the
        rule, one on the player's side of the table (Board.field is by controller), neither blanked nor defeated."""
        if static not in self.statics_present:
            return False
        holders = self._holders.get(static)
        if holders is None or self._holders_of != len(self.cards):
            holders = self._static_holders(static)
        for p in holders:  # noqa: SIM110 (a loop, not a generator: see above)
            if p.zone == FIELD and p.where == player and not p.blanked and not p.defeated:
                return True
        return False

    def _static_holders(self, static: str) -> list[Piece]:
        cards = self.cards
        if self._holders_of != len(cards):
            self._holders = {}
            self._holders_of = len(cards)
        holders = self._holders[static] = [p for p in cards if static in p.d.statics]
        return holders

    def attached_static(self, piece: Piece, static: str) -> bool:
        for a in piece.attached:  # noqa: SIM110
            if static in a.d.statics and not a.blanked:
                return True
        return False

    def has_mount(self, piece: Piece) -> bool:
        return self.attached_static(piece, "mount")

    # --- counters -----------------------------------------------------------------------------

    # A counter's key is its kind, but Challenge counters belong to a player ("Remove all Challenge counters you
    # own"): "challenge0", "challenge1". Written out in each of the three below (they run many times a move).

    def counter(self, piece: Piece, kind: str, actor: int) -> int:
        if kind == "damage":
            return piece.damage
        return piece.counters.get(f"challenge{actor}" if kind == "challenge" else kind, 0)

    def add_counters(self, piece: Piece, kind: str, n: int, actor: int) -> None:
        if n <= 0 or piece.zone != FIELD:
            return
        key = f"challenge{actor}" if kind == "challenge" else kind
        piece.counters[key] = piece.counters.get(key, 0) + n

    def remove_counters(self, piece: Piece, kind: str, n: int | None, actor: int) -> None:
        if piece.zone != FIELD:
            return  # out of play, a card holds no counters (its counters are the shared read-only empty ones)
        key = f"challenge{actor}" if kind == "challenge" else kind
        have = piece.counters.get(key, 0)
        left = 0 if n is None else max(0, have - n)
        if left:
            piece.counters[key] = left
        else:
            piece.counters.pop(key, None)
        if kind == "life":
            self.check_destroyed(piece, None)

    def life_of(self, piece: Piece) -> int | None:
        """Life plus Life counters; None for a card without Life (damage never destroys it)."""
        base = 1 if piece.blanked else piece.d.life
        if base is None:
            return None
        return base + piece.counters.get("life", 0)

    def damage_removable(self, piece: Piece) -> bool:
        # Clockwork Soldier: "Damage counters cannot be removed from Clockwork Soldier."
        # active(piece, "no_damage_removal"), written out: the players ask it of every card they weigh.
        return not ("no_damage_removal" in piece.d.statics and not piece.blanked and not piece.defeated
                    and piece.zone == FIELD)

    def remove_damage(self, piece: Piece, n: int) -> int:
        if piece.zone != FIELD or not self.damage_removable(piece):
            return 0
        removed = min(n, piece.damage)
        piece.damage -= removed
        return removed

    # --- damage -------------------------------------------------------------------------------

    def damage_after_modifiers(self, source: Piece, actor: int, target: Piece, n: int, *, spend: bool) -> int:
        """What `n` damage from `source` becomes before Block and Shield counters. With `spend`, the
        one-time increases (Strength Mutagen, Spellstrike) are used up."""
        if n <= 0:
            return 0
        if source.damage_bonus:
            n += source.damage_bonus
            if spend:
                source.damage_bonus = 0
        if self.magus_bonus[actor] and source.controller == actor and self.has_trait(source, "Magus", actor):
            n += self.magus_bonus[actor]
            if spend:
                self.magus_bonus[actor] = 0
        if source.attached and self.attached_static(source, "lance") and self.has_mount(source):
            n += 1
        # Eptol Noir: "Cards with Challenge counters take 1 extra Damage whenever you damage them with a
        # Samurai damage source."
        if target.counters and target.counters.get(f"challenge{actor}") and self.has_trait(source, "Samurai", actor):
            n += 1
        return n

    def block_of(self, piece: Piece) -> int:
        """"whenever a source would deal damage to a target with Block X, X of that damage is prevented"."""
        block = 0
        for item in piece.attached:
            if not item.blanked:
                block += item.d.block
        return block

    def deal_damage(self, source: Piece, actor: int, target: Piece, n: int) -> int:
        """Deal `n` damage from `source` (acting for `actor`) to `target`; returns the counters placed."""
        n = self.damage_after_modifiers(source, actor, target, n, spend=True)
        if target.attached:
            n -= self.block_of(target)
        if n <= 0:
            return 0
        controller = target.controller
        chooser = self.choosers[controller]
        # Riding Camel: "When equipped card would be dealt damage, you may destroy Riding Camel instead."
        for camel in target.attached:
            if ("camel" in camel.d.statics and not camel.blanked
                    and chooser.may(self, controller, "camel", None, target, n)):
                self.leave_play(camel, "destroy")
                return 0
        # Phase: "When Phase would take damage, you may instead discard that many cards from your hand."
        if (self.active(target, "phase") and len(self.hand[controller]) >= n
                and chooser.may(self, controller, "phase", None, target, n)):
            cards = chooser.pick(self, controller, "discard", list(self.hand[controller]), n, n, None)
            for card in cards:
                self.discard_from_hand(card)
            return 0
        # Shield Counter: "when a damage counter would be placed on it, that card's controller may instead
        # remove a shield counter."
        shields = target.counters.get("shield", 0) if target.counters else 0
        if shields and chooser.may(self, controller, "shield_counter", None, target, n):
            used = min(shields, n)
            self.remove_counters(target, "shield", used, actor)
            n -= used
            if n <= 0:
                return 0
        target.damage += n
        if controller != actor and target.d.is_party_member:
            self.count_damage(target, n, actor)
        self._after_damage(source, actor, target, n)
        return n

    def count_damage(self, target: Piece, n: int, actor: int = 0) -> None:
        """A player's damage to an opposing Party Member (just placed, before its defeat is checked): what it
        needed to be defeated counts for the round, the rest is overkill."""
        if target.defeated:
            counted = 0
        else:
            life = self.life_of(target)
            counted = n if life is None else max(0, min(n, life + 1 - (target.damage - n)))
        self.damage_by_seat[actor][-1] += counted
        if counted < n:
            self.overkill_by_seat[actor][-1] += n - counted

    def _after_damage(self, source: Piece, actor: int, target: Piece, n: int) -> None:
        controller = target.controller
        # Skulking Sniper: "Whenever this card deals damage to a Resource, add 1 Shield counter to it"
        # (to the taught card: the Skill is taught to it, and "it" is the card that has the rule).
        if not target.d.is_party_member and source.zone == FIELD and self.attached_static(source, "skulking"):
            self.add_counters(source, "shield", 1, source.controller)
        self.check_destroyed(target, actor)
        # TB Towers: "The first time a card you control takes damage each round, you may search your deck for
        # any non-Evil card, reveal it, and add it to your hand."
        if self.tb_towers_waits(controller):
            self.tb_used[controller] = True
            chooser = self.choosers[controller]
            options = [p for p in self.deck[controller] if not p.d.evil]
            if options and chooser.may(self, controller, "tb_towers", None):
                for card in chooser.pick(self, controller, "search:hand", options, 0, 1, None):
                    self.to_hand(card, controller)

    def tb_towers_waits(self, controller: int) -> bool:
        """TB Towers: "The first time a card you control takes damage each round, you may search your deck":
        whether `controller` has an active TB Towers whose first damage of the round is still to come."""
        if self.tb_used[controller] or "tb_towers" not in self.statics_present:
            return False
        # controls_active(controller, "tb_towers"), written out: asked of every damage to one's own card weighed.
        holders = self._holders.get("tb_towers")
        if holders is None or self._holders_of != len(self.cards):
            holders = self._static_holders("tb_towers")
        for p in holders:  # noqa: SIM110 (a loop, not a generator: see above)
            if p.zone == FIELD and p.where == controller and not p.blanked and not p.defeated:
                return True
        return False

    def check_destroyed(self, piece: Piece, by: int | None) -> None:
        """"If the target is a Party Member and the amount of Damage counters on it exceeds its life, that
        Party Member is defeated"; a Resource with Life is destroyed the same way."""
        if piece.zone != FIELD or piece.defeated:
            return
        life = self.life_of(piece)
        if life is None or piece.damage <= life:
            return
        controller = piece.controller
        if piece.d.is_party_member:
            self.defeat(piece)
            return
        mothdragon = self.active(piece, "mothdragon") and by is not None and by != controller
        self.leave_play(piece, "destroy")
        if mothdragon:
            self._mothdragon_spawns(controller)

    def defeat(self, piece: Piece) -> None:
        if not piece.defeated:
            # Starguard: "Unless an Ally or Party Member you control was destroyed or defeated this round": by
            # damage or any other way (the Unique rule, Phase's empty hand, an effect that destroys it).
            self.lost_this_round[piece.controller] = True
        piece.defeated = True
        if all(p.defeated for p in self.party(piece.controller)):
            self.over = True

    def restore(self, piece: Piece) -> None:
        if piece.zone == FIELD and piece.defeated:
            piece.defeated = False
            piece.damage = 0

    def _mothdragon_spawns(self, player: int) -> None:
        """"When Mothdragon is destroyed by damage from an opponent, you may discard your hand. You may put
        one Mothdragon Spawn into play for each two cards discarded this way.\""""
        chooser = self.choosers[player]
        if not self.hand[player] or not chooser.may(self, player, "mothdragon", None):
            return
        cards = list(self.hand[player])
        self.discard_effect_started(player)
        for card in cards:
            self.discard_from_hand(card)
        for _ in range(len(cards) // 2):
            self.create_token(player, "Mothdragon Spawn", None)

    # --- drawing, hands and decks -------------------------------------------------------------

    def shuffle(self, player: int) -> None:
        shuffle_pile(self.rng, self.deck[player])

    def draw(self, player: int, n: int) -> int:
        """"When a player has no remaining deck to draw from and must draw a card, they shuffle their
        discard pile and use it as a new draw deck." """
        deck, hand = self.deck[player], self.hand[player]
        tally = self.drawn_by[player]
        drawn = 0
        while drawn < n:
            if not deck:
                discard = self.discard[player]
                if not discard:
                    break
                for card in discard:
                    card.zone = DECK
                deck.extend(discard)
                discard.clear()
                shuffle_pile(self.rng, deck)
            card = deck.pop()
            card.zone = HAND
            card.where = player
            hand.append(card)
            drawn += 1
            _count(tally, card.d.name)
        return drawn

    def to_hand(self, card: Piece, player: int) -> None:
        if card.zone == FIELD:
            self.leave_play(card, "hand")
            return
        if card.zone == DECK:
            _count(self.drawn_by[player], card.d.name)
        self._take(card)
        self._place(card, HAND, player)

    def to_deck_top(self, card: Piece) -> None:
        if card.zone == FIELD:
            self.leave_play(card, "deck_top")
            return
        self._take(card)
        self._place(card, DECK, card.owner)

    def to_discard(self, card: Piece) -> None:
        """Cards go to their owner's discard pile (a borrowed card "returns to your opponent's discard pile")."""
        self._take(card)
        self._place(card, DISCARD, card.owner)

    def discard_hand(self, player: int) -> None:
        """Every card in the player's hand to its owner's discard pile, in order (to_discard, card by card)."""
        hand = self.hand[player]
        for card in hand:
            card.initiative_override = None
            card.zone = DISCARD
            card.where = card.owner
            self.discard[card.owner].append(card)
        hand.clear()

    def discard_effect_started(self, player: int) -> None:
        """Phase: "If an effect other than the end of the round would cause you discard from your hand and
        there are no cards in your hand, Phase is defeated." """
        if not self.hand[player]:
            for piece in self.field[player]:
                if self.active(piece, "phase"):
                    self.defeat(piece)

    def discard_from_hand(self, card: Piece) -> None:
        self.to_discard(card)

    def remove_from_game(self, card: Piece) -> None:
        if card.zone == FIELD:
            self.leave_play(card, "removed")
            return
        self._take(card)
        self._place(card, REMOVED, card.owner)

    def put_under(self, card: Piece, host: Piece) -> None:
        """Face down beneath a card in play, still its owner's card."""
        self._take(card)
        self._place(card, UNDER, card.owner)
        host.under.append(card)

    # --- entering and leaving play -----------------------------------------------------------

    def put_into_play(self, card: Piece, controller: int, host: Piece | None = None, *, played: bool = False,
                      wave: Piece | None = None) -> None:
        self._take(card)
        card.enter_play()
        if card.d.is_party_member:
            self.hand_values = None  # a Party Member joins (only ever as a position is set up)
        card.controller = controller
        self._place(card, FIELD, controller)
        if host is not None:
            card.host = host
            host.attached.append(card)
            if card.d.host_kind == "teach":
                # Teach: "Teach it to an Able ... Ally or Party Member you control, then Exhaust that card"
                host.exhausted = True
        if wave is not None:
            # Dimensional Wave: "Play Dimensional Wave immediately as you play target Unique card. [It] enters
            # play attached to target Unique card."
            self.put_into_play(wave, controller, card)
            if played:
                self.note_play(controller, wave)
        self._unique_rule(card)
        if card.zone != FIELD:
            return
        effects = card.d.effects
        action = card.d.play_action
        if action is not None and (effects.enters or (played and effects.played)):
            ctx = Ctx(self, controller, card, action, 0, performing=False)
            run_program(effects.enters, ctx)
            if played and card.zone == FIELD:
                run_program(effects.played, ctx)

    def _unique_rule(self, card: Piece) -> None:
        """"Whenever a nontoken card shares a name (excluding anything after a comma) with a Unique card
        owned by the same player, the owner must destroy one of them immediately." """
        if card.d.is_token or card.d.base_name not in self.book.unique_names:
            return  # no Unique card of the game has its name
        for other in self.in_play():
            if (other is not card and other.owner == card.owner and not other.d.is_token
                    and other.d.base_name == card.d.base_name and (other.d.unique or card.d.unique)):
                # Dimensional Wave: "Cards that share a name with attached card are not destroyed by the
                # Unique rule."
                if self.attached_static(other, "wave") or self.attached_static(card, "wave"):
                    continue
                chooser = self.choosers[card.owner]
                victim = chooser.pick(self, card.owner, "unique", [other, card], 1, 1, None)[0]
                if victim.d.is_party_member:
                    self.defeat(victim)
                else:
                    self.leave_play(victim, "destroy")
                if card.zone != FIELD:
                    return

    def create_token(self, controller: int, name: str, host: Piece | None) -> Piece:
        d = self.book.add_token(name)
        token = self.new_piece(d, controller)
        token.enter_play()
        self.tokens_in_play.add(token.uid)
        token.zone = GONE
        self._place(token, FIELD, controller)
        if host is not None and host.zone == FIELD:
            token.host = host
            host.attached.append(token)
        return token

    def leave_play(self, piece: Piece, how: str) -> None:
        """Move a card in play to "discard", "destroy" (the discard pile too), "hand", "deck_top",
        "deck" (shuffled in) or "removed". Its attachments are discarded and the cards under it go to
        their owners' discard piles. A token that leaves play ceases to exist."""
        if piece.zone != FIELD:
            return
        if piece.d.is_party_member:
            # Party Members "are on the field at all times": to destroy one is to defeat it.
            self.defeat(piece)
            return
        controller = piece.controller
        if how == "destroy" and self.has_trait(piece, "Ally", controller):
            self.lost_this_round[controller] = True  # Starguard (see defeat)
        # Malachi's Laboratory: "Whenever an Alchemist Item you control would be discarded from play, you may
        # choose to put it on top of your deck."
        if (how in ("discard", "destroy") and not piece.d.is_token and "Alchemist" in piece.d.traits
                and "Item" in piece.d.traits and self.controls_active(controller, "laboratory")
                and self.choosers[controller].may(self, controller, "laboratory", None, piece)):
            how = "deck_top"
        self.field[piece.where].remove(piece)
        self.settled_in_play -= piece.d.settled
        piece.zone = GONE
        if piece.host is not None:
            if piece in piece.host.attached:
                piece.host.attached.remove(piece)
            piece.host = None
        for attachment in list(piece.attached):
            self.leave_play(attachment, "discard")
        for card in list(piece.under):
            self.to_discard(card)
        forced = self.forced[controller]
        if forced is not None and forced[0] is piece:
            self.forced[controller] = None
        piece.leave_play_reset()
        if piece.d.is_token:
            self.tokens_in_play.discard(piece.uid)
            return
        if how == "hand":
            self._place(piece, HAND, piece.owner)
        elif how == "deck_top":
            self._place(piece, DECK, piece.owner)
        elif how == "deck":
            self._place(piece, DECK, piece.owner)
            self.shuffle(piece.owner)
        elif how == "removed":
            self._place(piece, REMOVED, piece.owner)
        else:
            self._place(piece, DISCARD, piece.owner)

    def lend(self, piece: Piece, player: int) -> None:
        """Unnatural Lust: control passes to `player` until the end of the round."""
        self.until_round_end = True
        if piece.lent_by < 0:
            piece.lent_by = piece.controller
        self._move_control(piece, player)

    def give_back(self, piece: Piece) -> None:
        self._move_control(piece, piece.lent_by)
        piece.lent_by = -1

    def _move_control(self, piece: Piece, player: int) -> None:
        self.field[piece.where].remove(piece)
        self.settled_in_play -= piece.d.settled
        piece.controller = player
        self._place(piece, FIELD, player)

    def exhaust(self, piece: Piece) -> bool:
        if piece.zone != FIELD or piece.exhausted:
            return False
        piece.exhausted = True
        return True

    # --- the round's start and end ------------------------------------------------------------

    def ready_all(self) -> None:
        """"At the start of each round, all cards become Able (lose the exhausted condition) unless stated
        otherwise." """
        for side in self.field:
            for piece in side:
                if piece.stay_exhausted:
                    piece.stay_exhausted = False
                elif piece.exhausted and "hurled" not in piece.marks:
                    piece.exhausted = False

    def end_round_effects(self) -> None:
        """What lasts until the end of the round ends: cards put into play for the round leave (Fevered
        Crafting: "Destroy it at the end of the round."; Jaunt: "At the end of the round, shuffle it back into
        your deck."), Transmute and Disguise Self wear off, borrowed Allies go back (Unnatural Lust: "gain
        control of target Ally until the end of the round"). One pass: a card that leaves needs nothing more
        (leaving play wipes what was on it), and only Allies are borrowed, never a card that leaves with
        another."""
        if not self.until_round_end:
            return  # nothing to end
        self.until_round_end = False
        for piece in self.in_play():
            if piece.zone != FIELD:
                continue  # it left with a card it was on
            if piece.temporary:
                self.leave_play(piece, "destroy" if piece.temporary == "destroy" else "deck")
                continue
            piece.blanked = False
            piece.disguised = False
            if piece.lent_by >= 0:
                self.give_back(piece)

    # --- Actions nested in Actions -------------------------------------------------------------

    def perform_nested(self, ctx: Ctx, how: str) -> None:
        card = ctx.nested
        if card is None:
            return
        if how == "attached":
            if card.zone != UNDER or card not in ctx.source.under:
                return
            ctx.source.under.remove(card)
            self._take(card)
            card.zone = GONE
            action = card.d.play_action
            assert action is not None
            inner = Ctx(self, ctx.actor, card, action, ctx.initiative)
            inner.targets = ctx.nested_targets
            inner.target_zones = [t.zone for t in inner.targets]
            inner.players = ctx.nested_players
            self.performed_this_round.append(action)
            self.note_play(ctx.actor, card)
            run_program(action.program, inner)
            self._place(card, DISCARD, card.owner)
        elif card.zone == HAND:
            host = ctx.nested_targets[0] if ctx.nested_targets else None
            self.note_play(ctx.actor, card)
            self.put_into_play(card, ctx.actor, host, played=True)
            if card.zone == FIELD:
                card.temporary = "destroy"
                self.until_round_end = True

    def note_play(self, player: int, card: Piece) -> None:
        if card.owner == player:  # (a card of the other player's, borrowed, is not one of this deck's plays)
            name = card.d.name
            _count(self.played_by[player], name)
            if name in self.unimplemented:
                _count(self.no_effect_by[player], name)

    # --- checks whenever the board changes ----------------------------------------------------

    def settle(self) -> None:
        """The rules that hold at all times, checked after every Action."""
        if not self.settled_in_play:
            return
        for piece in self.in_play():
            if not piece.d.settled or piece.blanked or piece.zone != FIELD:
                continue
            statics = piece.d.statics
            if "camp" in statics and not piece.under:
                # "When there are no Martial Attack Actions attached to Sniper's Camp, discard it."
                self.leave_play(piece, "discard")
            elif "craft" in statics and not piece.counters.get("craft"):
                # "When there are no Craft tokens on Magical Tinkering, destroy it."
                self.leave_play(piece, "destroy")
            elif "infernal" in statics:
                self._infernal(piece)

    def _infernal(self, piece: Piece) -> None:
        """Infernal Regeneration: "When there are no damage counters on attached card, remove all life
        counters from attached card and return Infernal Regeneration to your hand. When there are no life
        counters on attached card, discard Infernal Regeneration." """
        host = piece.host
        if host is None or host.zone != FIELD:
            self.leave_play(piece, "discard")
        elif host.damage == 0:
            host.counters.pop("life", None)
            self.leave_play(piece, "hand")
        elif not host.counters.get("life"):
            self.leave_play(piece, "discard")


def empty_counter() -> Counter[str]:
    """Counter(), without Counter.__init__ (Python code that only reads its arguments: there are none): seven are
    made for each game."""
    return Counter.__new__(Counter)


def _count(tally: Counter[str], name: str) -> None:
    """tally[name] += 1, without Counter's __missing__ (Python code, called for each new name)."""
    tally[name] = tally.get(name, 0) + 1
