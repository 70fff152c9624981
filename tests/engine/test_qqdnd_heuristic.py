"""QQDND's heuristic player (engine/games/qqdnd/heuristic.py) against the sparring party: its rules of play
(docs/rules-notes.md, "The heuristic player"), each in a position set up with the Table of
test_qqdnd_engine.py, played through the Player interface."""
from __future__ import annotations

import random
from pathlib import Path

from engine.cli import load_cards, resolved_deck
from engine.core import OPPONENT, PLAYER, TERMINAL
from engine.games.qqdnd.carddefs import dummy_record
from engine.games.qqdnd.pieces import DECK, FIELD
from engine.games.qqdnd.players import HeuristicPlayer, SparringParty, goldfish_game
from engine.games.qqdnd.state import PASS, RESPOND
from engine.players.base import Player
from engine.validation import CardIndex
from tests.engine.sample_decks import sample_deck_lists
from tests.engine.test_qqdnd_engine import (
    DAMIEN,
    EPTOL,
    IAGO,
    INSINGEM,
    MALACHI,
    QUIET3_PARTY,
    QUIET_PARTY,
    RESMI,
    SAMURAI_PARTY,
    SARINAK,
    Table,
)


def play_round(table: Table, opponent: Player | None = None) -> list[str]:
    """The round from the position given, the heuristic player against `opponent` (the sparring party unless
    given); the deck's player's moves."""
    table.open()
    state = table.state
    players = [HeuristicPlayer(), opponent or SparringParty()]
    for seat, player in enumerate(players):
        player.restart(state, seat, random.Random(seat))
    moves = []
    start = state.round
    while state.round == start and state.current_player() != TERMINAL:
        seat = state.current_player()
        move = players[seat].choose(state)
        if seat == PLAYER:
            moves.append(state.describe(move))
        state.apply_action(move)
    return moves


def test_it_plays_a_whole_hand_down_the_initiative_ladder() -> None:
    """ "the player who is now “on the turn” may play a Turn Action – this can be an Action with an Initiative
    value lower than that of the previous Turn Action": each Turn Action at the highest value it can take keeps
    the bar high, so every card of the hand is still playable after it. """
    table = Table([SARINAK, EPTOL, *QUIET_PARTY[:2]])
    table.hand("Katana Lunge", "Sword Throw", "Golden Katana", "Spread Shot")  # 17, 14-10, 10-5, 14
    moves = play_round(table)
    assert {"Katana Lunge", "Sword Throw", "Golden Katana", "Spread Shot"} <= set(table.state.played)
    assert any(move.startswith("use Snipe") for move in moves)
    assert sum(d.damage for d in table.state.party(OPPONENT)) >= 1 + 2 + 2 + 2


def test_it_sets_up_a_challenge_before_the_lunge_it_answers_with() -> None:
    """ Eptol: "Cards with Challenge counters take 1 extra Damage whenever you damage them with a Samurai damage
    source"; "The player who is not on the turn may respond with any action that has a higher Initiative than the
    current Turn Action": the Challenge (12-10) goes first as a Turn Action, the Katana Lunge (17) answers the
    sparring party's Turn Action at 12. """
    table = Table([EPTOL, *QUIET3_PARTY])
    table.hand("Drunkard", "Katana Lunge")  # Drunkard (21) opens
    moves = play_round(table)
    actions = [move.split(" (")[0] for move in moves if move != "pass"]
    assert actions[:3] == ["play Drunkard", "use Challenge", "play Katana Lunge"]
    challenged = [d for d in table.state.party(OPPONENT) if d.counters.get("challenge0")]
    assert len(challenged) == 1 and challenged[0].damage == 2


def test_it_rushes_instead_of_raising_a_fly_no_rush_to_come_would_use() -> None:
    """ Insingem Nox: "Me, Me, Me: (5-1) [...] put 1 Insingem Fly into play" and "Devil Rush: (17) Exhaust all
    cards you control with Insingem in their name, including this one. Deal damage equal to the number of cards
    exhausted": a Fly adds a point only to Rushes that would not defeat their dummy anyway. With every dummy one
    Rush from defeat, the player rushes; with the dummies fresh, it raises a Fly for the Rushes to come. """

    def insingem_uses(damage: int) -> list[str]:
        table = Table([INSINGEM, *QUIET3_PARTY])
        table.state.create_token(PLAYER, "Insingem Fly", None)  # a Rush deals 2
        for dummy in table.state.party(OPPONENT):
            dummy.damage = damage
        table.hand("Drunkard")  # 21 opens
        return [move for move in play_round(table) if "Insingem Nox" in move]

    assert insingem_uses(damage=5)[0].startswith("use Devil Rush")  # 2 left on each: one Rush of 2 defeats
    assert insingem_uses(damage=0)[0].startswith("use Me, Me, Me")


def test_it_lets_a_bomb_tick_early_and_explodes_it_when_the_game_is_nearly_won() -> None:
    """ Alchemical Bomb: "Tick, tick, tick: (20-1) Place a Charge counter on Alchemical Bomb" and "BOOM: (1) Deal
    one damage to a random Party Member controlled by an opponent for every Charge counter [...] Discard
    Alchemical Bomb": a Charge counter is damage to come while the game has rounds to go; near its end the charges
    are spent. And one Action a card a round: a Bomb worth exploding does not Tick at the opening when another
    card can open at 20. """

    def bomb_uses(damage: int) -> list[str]:
        table = Table([MALACHI, *QUIET3_PARTY])
        bomb = table.give("Alchemical Bomb", zone="field")
        bomb.counters["charge"] = 3
        for dummy in table.state.party(OPPONENT):
            dummy.damage = damage
        table.give("Voicechat Network", zone="field")  # Advance Warning (20-10) can open at 20
        return [move for move in play_round(table) if "Alchemical Bomb" in move]

    assert bomb_uses(damage=0) == ["use Tick, tick, tick (20) of Alchemical Bomb"]
    assert bomb_uses(damage=6) == ["use BOOM (1) of Alchemical Bomb"]


def test_it_ranks_its_own_choice_first_among_legal_distinct_candidates() -> None:
    """What the search weighs (Player.candidates): the heuristic's own move first, then passing where the rules
    allow it, then the best move of each other option; every one legal, none twice, in every position of
    goldfish games."""
    index = CardIndex("qqdnd", load_cards("qqdnd"))
    (path, *_others) = [p for p in sample_deck_lists("qqdnd") if "expect: legal" in p.read_text(encoding="utf-8")]
    game = goldfish_game(resolved_deck("qqdnd", path.read_text(encoding="utf-8"), index), "sparring")
    positions = searched = 0
    for seed in range(6):
        state = game.new_initial_state(random.Random(seed))
        players = [HeuristicPlayer(), SparringParty()]
        for seat, player in enumerate(players):
            player.restart(state, seat, random.Random(seed + seat))
        while state.current_player() != TERMINAL:
            seat = state.current_player()
            if seat == PLAYER:
                legal = state.legal_actions()
                ranked = players[PLAYER].candidates(state)
                assert ranked is not None and ranked[0] == players[PLAYER].choose(state)
                assert all(move in legal for move in ranked) and len(set(ranked)) == len(ranked)
                assert (PASS in ranked) == (PASS in legal)
                positions += 1
                searched += len(ranked) > 1
            state.apply_action(players[seat].choose(state))
    assert positions > searched > 0


def test_it_answers_with_a_card_in_play_that_is_no_step_of_the_ladder() -> None:
    """ Magical Tinkering: "Blueprint: (20) Add a Craft token to Magical Tinkering if there is a Magus in your
    party"; "The player who is not on the turn may respond with any action that has a higher Initiative than the
    current Turn Action": a card in play that deals no damage and has one Initiative only is no step of the
    ladder, so it answers rather than pass (the Devil Swarm deck's goldfish games: each position where Blueprint
    is its only answer). """
    index = CardIndex("qqdnd", load_cards("qqdnd"))
    path = Path(__file__).resolve().parents[2] / "bench" / "decks" / "qqdnd-devil-swarm.txt"
    game = goldfish_game(resolved_deck("qqdnd", path.read_text(encoding="utf-8"), index), "sparring")
    answered = 0
    for seed in range(4):
        state = game.new_initial_state(random.Random(seed))
        players = [HeuristicPlayer(), SparringParty()]
        for seat, player in enumerate(players):
            player.restart(state, seat, random.Random(seed + seat))
        while state.current_player() != TERMINAL:
            seat = state.current_player()
            move = players[seat].choose(state)
            if seat == PLAYER and state.phase == RESPOND:
                legal = state.legal_actions()
                blueprints = [m for m in legal if state.describe(m).startswith("use Blueprint")]
                if blueprints and all(m == PASS or m in blueprints for m in legal):
                    assert move in blueprints, state.describe(move)
                    answered += 1
            state.apply_action(move)
    assert answered > 0


def test_it_wears_down_the_shield_counters_of_an_opposing_party_member() -> None:
    """ "Shield Counter – When a card has shield counters on it, when a damage counter would be placed on it, that
    card's controller may instead remove a shield counter": a Shield counter spares one point once, so damage that
    strips it is worth dealing (the next point lands). Every dummy carrying two Shield counters, Sarinak's Snipe
    ("Deal 2 damage to target card") strips two rather than passing (before, a shielded Party Member counted as out
    of reach, and two-party games stalled behind piles of Shield counters until round 30). """
    table = Table([SARINAK, *QUIET3_PARTY])
    for dummy in table.state.party(OPPONENT):
        dummy.counters["shield"] = 2
    table.hand("Drunkard")  # 21 opens
    moves = play_round(table)
    assert any(move.startswith("use Snipe") for move in moves)
    assert sum(d.counters.get("shield", 0) for d in table.state.party(OPPONENT)) == 4 * 2 - 2


def test_it_does_not_damage_a_card_that_damage_cannot_destroy() -> None:
    """ "If the target is a Party Member and the amount of Damage counters on it exceeds its life, that Party Member
    is defeated": an Item has no Life (docs/rules-notes.md, "Damage": damage never destroys it), so damage to it is
    wasted. With every dummy behind Block 2 ("X of that damage is prevented"), Sarinak's Snipe has nothing worth
    hitting: the player passes rather than shoot the Chainmail Shirts (before, each point on a card without Life
    scored as on a Resource about to be destroyed, and two-party games spent hundreds of Actions on Items). """
    table = Table([SARINAK, *QUIET3_PARTY])
    shirts = [table.give("Chainmail Shirt", OPPONENT, zone="field", host=dummy)
              for dummy in table.state.party(OPPONENT) for _ in range(2)]
    table.hand("Drunkard")  # 21 opens
    moves = play_round(table)
    assert not any(move.startswith("use Snipe") for move in moves)
    assert all(shirt.damage == 0 for shirt in shirts)
    assert all(table.state.block_of(dummy) == 2 for dummy in table.state.party(OPPONENT))


def test_it_puts_back_a_card_not_an_insingem_fly_with_turnabout() -> None:
    """ Turnabout: "Search a player's deck for an Ally and put it in play under their control. Then put an Ally
    that player controls on top of their deck"; a token put on a deck ceases to exist, and Devil Rush "Deal[s]
    damage equal to the number of cards exhausted this way": the player puts back the card it fetched, not the
    Fly that adds a point to every Rush to come (before, the token went first, and the Devil Swarm deck lost
    its Flies to its own Turnabouts). """
    table = Table()
    fly = table.state.create_token(PLAYER, "Insingem Fly", None)
    soldier = table.give("Clockwork Soldier", zone="deck")
    table.hand("Turnabout")  # Turnabout (10-8) opens
    table.play("Turnabout")
    assert fly.uid in table.state.all_token_uids()
    assert soldier.zone == DECK


def test_it_does_not_lock_its_attacks_behind_a_snipers_camp() -> None:
    """ Sniper's Camp: "As Sniper's Camp comes into play, place a Martial Attack Action face down attached to it from
    your hand. While Sniper's Camp is in play, you cannot play Attack or Spell Actions from your hand." It holds one
    Attack for a later round and locks the Attack and Spell cards every round's draw brings: with a deck of Katana
    Lunges to draw, the player keeps its Camp in hand (before, a second Sword Throw, held back by "You may play no
    more Attack cards this round", went under a Camp, and the Lunges of the rounds after stayed in hand). """
    table = Table([SARINAK, IAGO, MALACHI, QUIET_PARTY[0]])  # the party draws 5 cards a round
    for _ in range(10):
        table.give("Katana Lunge", zone="deck")
    table.hand("Drunkard", "Sword Throw", "Sword Throw", "Sniper's Camp")  # Drunkard (21) opens
    moves = play_round(table)
    assert any(move.startswith("play Sword Throw") for move in moves)
    assert not any(move.startswith("play Sniper's Camp") for move in moves)


def test_it_raises_the_third_fly_while_the_rushes_to_come_would_use_it() -> None:
    """ Insingem Nox: "Me, Me, Me: (5-1) If there are less than 3 Insingem Flies in play, put 1 Insingem Fly into
    play" and "Devil Rush: (17) [...] Deal damage equal to the number of cards exhausted this way": with two Flies
    and the dummies fresh, a Rush deals 3 now, and a third Fly adds a point to each of the eight Rushes the
    dummies can still take before their last, so the player raises it (before, a Fly counted for six Rushes at
    most, and Insingem rushed). """
    table = Table([INSINGEM, *QUIET3_PARTY])
    for _ in range(2):
        table.state.create_token(PLAYER, "Insingem Fly", None)
    table.hand("Drunkard")  # 21 opens
    moves = [move for move in play_round(table) if "Insingem Nox" in move]
    assert moves[0].startswith("use Me, Me, Me")
    assert sum(1 for p in table.state.field[PLAYER] if p.d.name == "Insingem Fly") == 3


def test_it_boosts_an_ally_that_can_damage_an_opponents_card() -> None:
    """ Strength Mutagen: "The next time target Ally you control would deal damage, it deals 1 damage more";
    Clockwork Soldier's "Timed Strike: (14) Deal 1 damage to target Resource card" has no target among the dummies
    (they have no Resources), C.O.R.E's "Laser Beam: (10) Deal one damage to target card" has: the boost goes to
    C.O.R.E (before, any Ally with a damage Action counted, and the first listed, the Soldier, took it). """
    table = Table([MALACHI, *QUIET3_PARTY])
    table.give("Clockwork Soldier", zone="field")
    table.give("C.O.R.E", zone="field")
    table.hand("Drunkard", "Strength Mutagen")  # Drunkard (21) opens
    moves = play_round(table)
    assert "play Strength Mutagen (19) on C.O.R.E" in moves


def test_it_does_not_teach_a_skill_to_the_archer_who_would_snipe_this_round() -> None:
    """ Skulking Sniper: "Teach Fighter (When this card is played, Teach it to an Able Fighter Ally or Party Member
    you control, then Exhaust that card)": taught now, Sarinak is Exhausted and her "Snipe: (3-2) Deal 2 damage to
    target card" is lost this round, while the Skill itself ("Whenever this card deals damage to a Resource, add 1
    Shield counter to it") does nothing against the dummies. The player snipes and keeps the Skill in hand (before,
    the Skill was taught at 12 and Sarinak sniped in no round it was played). """
    table = Table([SARINAK, *QUIET3_PARTY])
    table.hand("Drunkard", "Skulking Sniper")  # Drunkard (21) opens
    moves = play_round(table)
    assert any(move.startswith("use Snipe") for move in moves)
    assert not any(move.startswith("play Skulking Sniper") for move in moves)
    assert sum(d.damage for d in table.state.party(OPPONENT)) == 2



def test_it_plays_the_cards_above_a_search_before_it() -> None:
    """ Iago's "Bardic Lore: (15) Search your deck for an Action Resource card, reveal it, and add it to your hand"
    makes none of the hand's cards hit harder, and "The player who is not on the turn may respond with any action
    that has a higher Initiative than the current Turn Action": taken first, it would leave the three Clockwork
    Soldiers (17) to wait for chances to respond, one a Turn Action, and only Bardic Lore and Snipe are left to
    take. The player plays the Soldiers at 17 first, then searches at 15 (before, the search went first as a set-up
    and a Soldier stayed in hand). """
    table = Table([IAGO, SARINAK, *QUIET_PARTY[:2]])
    table.hand("Drunkard", "Clockwork Soldier", "Clockwork Soldier", "Clockwork Soldier")  # Drunkard (21) opens
    moves = [move.split(" (")[0] for move in play_round(table) if move != "pass"]
    assert moves.count("play Clockwork Soldier") == 3
    assert moves.index("use Bardic Lore") > len(moves) - 3
    assert not table.state.hand[PLAYER]


def test_it_does_not_hold_an_answer_back_for_a_card_put_into_play() -> None:
    """ Jaunt: "Search your deck for a Location and put it into play": the card it finds goes into play, not into
    the hand, and makes no card of the round hit harder, so it is no set-up to wait for. In answer to the sparring
    party's Turn Action at 14, Insingem rushes at 17 with her three Flies (before, the answer waited for the Jaunt
    still in hand, and the chance to respond was lost). """
    table = Table([INSINGEM, *QUIET3_PARTY])
    for _ in range(3):
        table.state.create_token(PLAYER, "Insingem Fly", None)
    table.hand("Drunkard", "Jaunt", "Sword Throw")
    state = table.state
    party = SparringParty()
    party.restart(state, OPPONENT, random.Random(1))

    def sparring_party_acts() -> None:
        while state.current_player() == OPPONENT:
            state.apply_action(party.choose(state))

    table.play("Drunkard")  # the opening, at 21
    sparring_party_acts()
    state.apply_action(PASS)  # no answer at 21
    sparring_party_acts()
    table.play("Sword Throw", initiative=14)
    sparring_party_acts()  # its Turn Action at 14
    player = HeuristicPlayer()
    player.restart(state, PLAYER, random.Random(0))
    assert state.phase == RESPOND
    assert state.describe(player.choose(state)).startswith("use Devil Rush (17)")


def test_it_throws_the_sword_after_the_other_attacks_of_the_round() -> None:
    """ Sword Throw: "Deal 2 damage to target Party Member. You may play no more Attack cards this round": thrown
    first, it locks the Spread Shot still in hand ("Deal 1 damage to up to 2 target cards your opponent controls
    [...] For each 1 you lower the Initiative by, Spread Shot may gain 1 additional target"). The player shoots at
    each of the four dummies first, then throws the sword (before, Sword Throw went first, at 14, the higher value,
    and the Spread Shot stayed in hand). """
    table = Table([SARINAK, *QUIET3_PARTY])
    table.hand("Drunkard", "Sword Throw", "Spread Shot")  # Drunkard (21) opens
    moves = [move.split(" (")[0] for move in play_round(table) if move != "pass"]
    assert moves.index("play Spread Shot") < moves.index("play Sword Throw")
    assert sum(d.damage for d in table.state.party(OPPONENT)) >= 4 + 2 + 2  # and Snipe


def test_a_pending_spellstrike_boost_does_not_hurry_the_rush_over_the_third_fly() -> None:
    """ Spellstrike: "The next time a Magus you control would deal damage, increase that damage by one": the boost
    waits for Insingem's next Devil Rush whichever round it comes in, so it is no reason to rush now rather than
    raise a Fly ("Me, Me, Me: (5-1) If there are less than 3 Insingem Flies in play, put 1 Insingem Fly into play").
    With two Flies, the dummies fresh and a boost pending, the player raises the third Fly, as without the boost
    (before, the boost's point counted for rushing now, and Insingem rushed for 3 + 1). """
    table = Table([INSINGEM, *QUIET3_PARTY])
    for _ in range(2):
        table.state.create_token(PLAYER, "Insingem Fly", None)
    table.state.magus_bonus[PLAYER] = 1
    table.hand("Drunkard")  # 21 opens
    moves = [move for move in play_round(table) if "Insingem Nox" in move]
    assert moves[0].startswith("use Me, Me, Me")
    assert table.state.magus_bonus[PLAYER] == 1


def test_it_draws_with_lotus_slash_on_its_own_cavbike() -> None:
    """ Lotus Slash: "Deal 1 damage to target Resource card if there is a Samurai in your party. Draw a card."; the
    Cavbike is "a token Mechanical Mount Item" with no Life, and "If the target is a Party Member and the amount of
    Damage counters on it exceeds its life, that Party Member is defeated": damage never destroys a card without
    Life, so the slash at one's own Cavbike costs nothing and draws the card (before, the damage counted as harm
    to one's own card and Lotus Slash stayed in hand whenever the dummies had no Resource to target). """
    table = Table([DAMIEN, EPTOL, *QUIET_PARTY[:2]])
    table.state.create_token(PLAYER, "Cavbike", table.member("Damien"))
    table.give("Katana Lunge", zone="deck")
    table.hand("Drunkard", "Lotus Slash")  # Drunkard (21) opens
    moves = play_round(table)
    assert any(move.startswith("play Lotus Slash") and move.endswith("on Cavbike") for move in moves)
    assert "Lotus Slash" in table.state.played


def test_it_does_not_pummel_its_own_bomb_to_empty_its_hand() -> None:
    """ Pummel: "Deal one damage to target Permanent Resource. You may discard a card from your hand. If you do,
    return Pummel to your hand": damage to one's own Alchemical Bomb (an Item, no Life) costs nothing, but what the
    rest of the move does still counts, and the card discarded to replay it costs what any discard does. The
    player does not Pummel its own Bomb over and over, a card of its hand gone each time. """
    table = Table([*QUIET_PARTY])
    table.give("Alchemical Bomb", zone="field")
    table.hand("Drunkard", "Pummel", "Deadshot", "Deadshot")  # Drunkard (21) opens
    moves = play_round(table)
    assert sum(move.startswith("play Pummel") for move in moves) <= 1


def test_malachi_pays_a_point_of_life_to_draw_against_the_dummies() -> None:
    """ Malachi: "Frantic Research: (12-8) Draw a card, then discard a card. You may then deal 1 damage to this card to
    draw another card."; the dummies deal no damage, so against them a point of Malachi's Life short of defeat costs
    little, and he researches while an Action is still to come (before, the point cost twice a card drawn and he
    never did). """
    table = Table([MALACHI, *QUIET3_PARTY])
    for _ in range(3):
        table.give("Katana Lunge", zone="deck")
    table.hand("Drunkard", "Deadshot")  # Drunkard (21) opens
    moves = play_round(table)
    assert any(move.startswith("use Frantic Research") for move in moves)
    assert table.member("Malachi").damage == 1


def test_a_second_golden_katana_goes_to_a_card_that_will_use_it() -> None:
    """ "You can only use one Action per card per turn", and Golden Katana: "Equipped card has “Golden Strike: (13)
    Deal 1 damage to target card with a Challenge counter on it”": Damien (a Samurai on his Cavbike, a Holo-Lance
    adding a point) already strikes with one Golden Katana, so a second one on him adds nothing; it goes to Eptol,
    whose Challenge deals no damage (before, it went to Damien, whose strikes hit hardest). """
    table = Table([DAMIEN, EPTOL, *QUIET_PARTY[:2]])
    damien = table.member("Damien")
    table.state.create_token(PLAYER, "Cavbike", damien)
    table.give("Holo-Lance", zone="field", host=damien)
    table.give("Golden Katana", zone="field", host=damien)
    table.dummy(1).counters["challenge0"] = 1
    table.hand("Drunkard", "Golden Katana")  # Drunkard (21) opens
    moves = play_round(table)
    assert any(move.startswith("play Golden Katana") and move.endswith("on Eptol Noir, Forgetful Ronin")
               for move in moves)


def test_it_damages_its_own_card_once_a_round_for_tb_towers_search() -> None:
    """ TB Towers: "The first time a card you control takes damage each round, you may search your deck for any
    non-Evil card, reveal it, and add it to your hand." The dummies never deal damage, so the player deals it:
    Starguard's "Guard's Strike: (10-7) Deal one damage to target Resource card" on its own TB Towers (a Location,
    without Life: damage never destroys it) costs nothing and finds a card. """
    table = Table([*QUIET_PARTY])
    table.give("TB Towers", zone="field")
    starguard = table.give("Starguard", zone="field")
    starguard.exhausted = False
    found = table.give("Katana Lunge", zone="deck")
    table.hand("Drunkard")  # 21 opens
    moves = play_round(table)
    assert any(move.startswith("use Guard's Strike") for move in moves)
    assert found.zone != DECK


def test_spellstrike_waits_for_a_rush_its_point_counts_in() -> None:
    """ Rule 18, "Spellstrike waits for a Rush its point counts in": "Discard a Spell from your hand. The next time a
    Magus you control would deal damage, increase that damage by one." With three Flies Insingem's Devil Rush deals 4,
    just what the dummy nearest defeat has left; the boost's point would be wasted on it, so the player rushes first
    and plays Spellstrike after, for the next Rush (before, the boost went first and its point was lost). """
    table = Table([INSINGEM, *QUIET3_PARTY])
    for _ in range(3):
        table.state.create_token(PLAYER, "Insingem Fly", None)
    table.state.party(OPPONENT)[0].damage = 3  # 4 more defeat it ("exceeds its life": Life 6)
    table.hand("Drunkard", "Spellstrike", "Burning Hands")  # Drunkard (21) opens; Burning Hands is the Spell to discard
    moves = play_round(table)
    rush = next(i for i, move in enumerate(moves) if move.startswith("use Devil Rush"))
    strike = next(i for i, move in enumerate(moves) if move.startswith("play Spellstrike"))
    assert rush < strike
    assert table.state.party(OPPONENT)[0].defeated
    assert table.state.magus_bonus[PLAYER] == 1


def test_a_strike_that_sets_off_tb_towers_goes_first() -> None:
    """ Rule 19, "TB Towers' card is found first": "The first time a card you control takes damage each round, you may
    search your deck for any non-Evil card, reveal it, and add it to your hand." Starguard's "Guard's Strike: (10-7)
    Deal one damage to target Resource card" on one's own TB Towers finds a card; struck first, the card found has the
    rest of the ladder to be played in, so it goes before Sword Throw (14-10) like a boost (before, Sword Throw went
    first, at the top of the ladder). """
    table = Table([*QUIET_PARTY])
    table.give("TB Towers", zone="field")
    starguard = table.give("Starguard", zone="field")
    starguard.exhausted = False
    table.give("Katana Lunge", zone="deck")
    table.hand("Drunkard", "Sword Throw")  # Drunkard (21) opens
    moves = play_round(table)
    strike = next(i for i, move in enumerate(moves) if move.startswith("use Guard's Strike"))
    throw = next(i for i, move in enumerate(moves) if move.startswith("play Sword Throw"))
    assert strike < throw


def _deadshot_target(guard_first: bool) -> str:
    """The heuristic player's Deadshot, against a party played by the heuristic player that holds a damaged Chainmail
    Shirt on its Damien and a damaged Riding Camel, given in the order `guard_first` says."""
    table = Table(SAMURAI_PARTY, opponent=SAMURAI_PARTY)
    damien = table.member("Damien", OPPONENT)
    given = ["Chainmail Shirt", "Riding Camel"] if guard_first else ["Riding Camel", "Chainmail Shirt"]
    for name in given:
        table.give(name, OPPONENT, zone="field", host=damien).damage = 1
    table.hand("Deadshot")
    moves = play_round(table, HeuristicPlayer())
    (deadshot,) = [move for move in moves if move.startswith("play Deadshot")]
    return deadshot


def test_deadshot_discards_the_armour_that_keeps_damage_off_a_party_member() -> None:
    """ Rule 20, "the guards are the target": Deadshot, "Discard target Resource with one or more Damage counters on
    it", at a damaged Chainmail Shirt ("Equipped card has Block 1": a point kept off every hit on the Damien wearing
    it) rather than at a damaged Riding Camel, which keeps nothing off a Party Member; whichever of the two came into
    play first (before, both were a card of the other party's leaving play, worth the same). """
    for guard_first in (True, False):
        assert "Chainmail Shirt" in _deadshot_target(guard_first)


def _advance_warning_round(shielded: int | None = None) -> list[int]:
    """The Shield counters on the player's Party Members after a round against a party played by the heuristic player,
    a Voicechat Network in play and its Eptol (listed first) defeated; `shielded`: the Party Member (by place) that
    holds 5 Shield counters already."""
    table = Table(SAMURAI_PARTY, opponent=SAMURAI_PARTY)
    state = table.state
    eptol = table.member("Eptol")
    eptol.damage = 8
    state.defeat(eptol)
    if shielded is not None:
        state.party(PLAYER)[shielded].counters["shield"] = 5
    table.give("Voicechat Network", zone="field").exhausted = False
    moves = play_round(table, HeuristicPlayer())
    assert any(move.startswith("use Advance Warning") for move in moves)
    return [member.counters.get("shield", 0) for member in state.party(PLAYER)]


def test_advance_warning_shields_a_living_party_member() -> None:
    """ Rule 21, "Shield counters go where damage can still land": Voicechat Network's "Advance Warning: (20-10) Put a
    Shield counter on target card you control"; "Shield Counter – [...] when a damage counter would be placed on it,
    that card's controller may instead remove a shield counter", and a defeated Party Member's Damage counters no
    longer count ("its actions cannot be used and its effects are no longer in effect"). The counter goes on a living
    Party Member, not on the defeated Eptol listed first (before, every card scored the same and the first took it). """
    eptol, *living = _advance_warning_round()
    assert eptol == 0 and sum(living) == 1


def test_advance_warning_shields_the_party_member_with_fewest() -> None:
    """ Rule 21: with Sarinak holding 5 Shield counters already, the counter goes on a living Party Member that holds
    none (before, Sarinak, the first living one, took it). """
    eptol, sarinak, *others = _advance_warning_round(shielded=1)
    assert eptol == 0 and sarinak == 5 and sum(others) == 1


def _deadshot_target_with_attacks_in_hand(shirt_first: bool) -> str:
    """The heuristic player's Deadshot, with a Katana Lunge and a Sword Throw in hand, against a party played by the
    heuristic player that holds a damaged Chainmail Shirt on its Damien and a damaged Voicechat Network, given in the
    order `shirt_first` says."""
    table = Table([EPTOL, *QUIET3_PARTY], opponent=SAMURAI_PARTY)
    damien = table.member("Damien", OPPONENT)
    for name in ("Chainmail Shirt", "Voicechat Network") if shirt_first else ("Voicechat Network", "Chainmail Shirt"):
        table.give(name, OPPONENT, zone="field", host=damien if name == "Chainmail Shirt" else None).damage = 1
    table.hand("Deadshot", "Katana Lunge", "Sword Throw")
    moves = play_round(table, HeuristicPlayer())
    (deadshot,) = [move for move in moves if move.startswith("play Deadshot")]
    return deadshot


def test_deadshot_counts_the_blows_in_hand_the_armour_would_blunt() -> None:
    """ Rule 22, "the Block counts the blows in hand": Chainmail Shirt's "Equipped card has Block 1" ("whenever a
    source would deal damage to a target with Block X, X of that damage is prevented") takes a point off each blow at
    the Damien wearing it, the Katana Lunge and the Sword Throw in hand included; a Voicechat Network's "Advance
    Warning: (20-10) Put a Shield counter on target card you control" spares one point a round. With no card in play
    that can strike Damien, Deadshot ("Discard target Resource with one or more Damage counters on it") discards the
    Shirt, whichever came into play first (before, only the cards in play counted, the two were worth the same and
    the first given was discarded). """
    for shirt_first in (True, False):
        assert "Chainmail Shirt" in _deadshot_target_with_attacks_in_hand(shirt_first)


def _snipe_past_the_heal(healer_defeated: bool) -> tuple[str, int]:
    """Sarinak's Snipe ("Deal 2 damage to target card") in a round against a party played by the heuristic player:
    Resmi behind two Shield counters, a Party Member of Life 6 holding a Damage counter, and an undamaged one of Life 3
    nearer defeat. The Snipe played, and the Damage counters left on the other two once the round has ended."""
    table = Table([SARINAK, *QUIET3_PARTY], opponent=[RESMI, dummy_record(4, life=3), *QUIET_PARTY[1:3]])
    resmi = table.member("Resmi", OPPONENT)
    resmi.counters["shield"] = 2
    if healer_defeated:
        resmi.damage = 8
        table.state.defeat(resmi)
    table.member("Dummy Party Member 2", OPPONENT).damage = 1
    table.hand("Drunkard")  # 21 opens
    (snipe,) = [move for move in play_round(table, HeuristicPlayer()) if move.startswith("use Snipe")]
    return snipe, sum(p.damage for p in table.state.party(OPPONENT) if p is not resmi)


def test_damage_goes_where_the_heal_cannot_take_it_back() -> None:
    """ Rule 23, "damage past the heal": Resmi Val'Rance's "Polite Attendance: (Ef) At the end of each round, remove 1
    Damage counter from up to 3 Party Members you control" takes back the first point a round on an undamaged Party
    Member; on one that holds a Damage counter already, every new point stays (the heal takes one back either way).
    The Snipe goes at the damaged Party Member, and both its points stay after the round's heal; before, it went at
    the undamaged one nearer defeat, and one of its two points was healed. With Resmi defeated nothing heals ("its
    actions cannot be used and its effects are no longer in effect"), and the Snipe goes at the one nearer defeat. """
    snipe, left = _snipe_past_the_heal(healer_defeated=False)
    assert "Dummy Party Member 2" in snipe and left == 1 + 2 - 1
    snipe, left = _snipe_past_the_heal(healer_defeated=True)
    assert "Dummy Party Member 4" in snipe and left == 1 + 2


def test_the_healer_is_hit_first() -> None:
    """ Rule 24, "the healer first": Resmi Val'Rance's "Polite Attendance: (Ef) At the end of each round, remove 1
    Damage counter from up to 3 Party Members you control" heals a point a round on each of three Party Members for as
    long as she stands; each point on her brings the end of that nearer. Against her and three undamaged Party Members
    of Life 6 (nearer defeat than her Life 7), Sarinak's Snipe ("Deal 2 damage to target card") goes at Resmi (before,
    it went at the first Party Member of Life 6). """
    table = Table([SARINAK, *QUIET3_PARTY], opponent=[RESMI, *QUIET3_PARTY])
    table.hand("Drunkard")  # 21 opens
    (snipe,) = [move for move in play_round(table, HeuristicPlayer()) if move.startswith("use Snipe")]
    assert "Resmi" in snipe
    assert table.member("Resmi", OPPONENT).damage == 2 - 1


def test_it_strikes_its_own_tb_towers_when_the_other_partys_cards_are_worth_nothing() -> None:
    """ Rule 25, "TB Towers against a real party": rule 1 aims damage at one's own card only when no card of the other
    party can take it, but TB Towers' "The first time a card you control takes damage each round, you may search your
    deck for any non-Evil card" makes the first point on one's own card without Life a card found, at no cost (rules 14
    and 17). The other party's only Resource is a Voicechat Network with a Damage counter already (another point on it
    does nothing: it has no Life), so Starguard's "Guard's Strike: (10-7) Deal one damage to target Resource card" goes
    at one's own TB Towers and finds the Katana Lunge (before, the Network was the only aim and the player passed). """
    table = Table([*QUIET_PARTY], opponent=[*QUIET_PARTY])
    towers = table.give("TB Towers", zone="field")
    starguard = table.give("Starguard", zone="field")
    starguard.exhausted = False
    table.give("Voicechat Network", OPPONENT, zone="field").damage = 1
    lunge = table.give("Katana Lunge", zone="deck")
    table.hand("Drunkard")  # 21 opens
    moves = play_round(table, HeuristicPlayer())
    assert f"use Guard's Strike (10) of Starguard on {towers.d.name}" in moves
    assert lunge.zone != DECK


def test_a_camp_that_holds_a_dead_attack_is_let_go_against_a_real_party() -> None:
    """ Rule 26, "Sniper's Camp against a real party": "While Sniper's Camp is in play, you cannot play Attack or Spell
    Actions from your hand" and "When there are no Martial Attack Actions attached to Sniper's Camp, discard it". The
    Camp holds a Katana Lunge ("Deal 1 damage to target card if there is a Samurai in your party") and the party has no
    Samurai: the Lunge does nothing, but Loosing it, the Camp's last Attack, discards the Camp, and the Sword Throw in
    hand can be thrown the same round. Before, a Loose that did nothing scored nothing, the Camp stayed, and every
    Attack drawn after it stayed in hand (replayed drawn games of the sample deck, its last Party Member Resmi). """
    table = Table([RESMI, *QUIET3_PARTY], opponent=[*QUIET_PARTY])
    for _ in range(6):
        table.give("Sword Throw", zone="deck")  # a deck of Attacks to draw: the Camp locks them
    camp = table.give("Sniper's Camp", zone="field")
    lunge = table.give("Katana Lunge", zone="deck")
    table.state.put_under(lunge, camp)
    table.give("Voicechat Network", OPPONENT, zone="field")  # the other party's Turn Action at 20
    table.hand("Drunkard", "Sword Throw")  # Drunkard (21) opens
    moves = play_round(table, HeuristicPlayer())
    assert any(move.startswith("use Loose") for move in moves)
    assert camp.zone != FIELD
    assert any(move.startswith("play Sword Throw") for move in moves)


def test_a_camp_is_not_played_for_an_attack_that_cannot_hurt() -> None:
    """ Rule 26: Sniper's Camp ("place a Martial Attack Action face down attached to it from your hand") is worth the
    Attack it holds, and Katana Lunge's "Deal 1 damage to target card if there is a Samurai in your party" deals nothing
    from a party without a Samurai: the Camp would hold nothing worth Loosing and lock the hand. Before, the held
    Attack was weighed as if its condition held, and the Camp was played. """
    table = Table([RESMI, *QUIET3_PARTY], opponent=[*QUIET_PARTY])
    table.hand("Drunkard", "Sniper's Camp", "Katana Lunge")  # Drunkard (21) opens
    moves = play_round(table, HeuristicPlayer())
    assert not any(move.startswith("play Sniper's Camp") for move in moves)


def test_a_camp_is_not_kept_a_round_longer_for_the_attacks_it_locks() -> None:
    """ Rule 26: Sniper's Camp's "Draw (19-1): Place a Martial Attack Action from your hand face down attached to
    Sniper's Camp" keeps the Camp a round longer ("When there are no Martial Attack Actions attached to Sniper's Camp,
    discard it"), a round whose draw brings Attack cards it locks in hand ("While Sniper's Camp is in play, you cannot
    play Attack or Spell Actions from your hand"). The Camp holds two Katana Lunges ("Deal 1 damage to target card if
    there is a Samurai in your party") that do nothing from a party without a Samurai, and the deck is all Sword Throws:
    the Sword Throw in hand stays there. Without the cost, Draw scored what attaching a card is worth and was taken. """
    table = Table([RESMI, *QUIET3_PARTY], opponent=[*QUIET_PARTY])
    for _ in range(6):
        table.give("Sword Throw", zone="deck")  # a deck of Attacks to draw: the Camp locks them
    camp = table.give("Sniper's Camp", zone="field")
    for _ in range(2):
        table.state.put_under(table.give("Katana Lunge", zone="deck"), camp)
    table.give("Voicechat Network", OPPONENT, zone="field")  # the other party's Turn Action at 20
    table.hand("Drunkard", "Sword Throw")  # Drunkard (21) opens
    moves = play_round(table, HeuristicPlayer())
    assert not any(move.startswith("use Draw") for move in moves)
    assert len(camp.under) == 2


def test_a_second_copy_of_a_weapon_goes_to_another_card_in_a_matchup() -> None:
    """ Rule 27: "You can only use one Action per card per turn", so a second Golden Katana ("Equipped card has “Golden
    Strike: (13) Deal 1 damage to target card with a Challenge counter on it”") on Eptol, who has Golden Strike already,
    adds nothing while the first stays, and "Equipment and attachments leave play with the card they are on": against a
    party that deals damage both would go when Eptol is defeated. With no Challenge counter in play neither Samurai's
    Golden Strike has a target yet, and the two hosts weighed the same: the first listed, Eptol, took it. """
    table = Table([EPTOL, *QUIET3_PARTY], opponent=[*QUIET_PARTY])
    eptol = table.member("Eptol")
    eptol.exhausted = True  # no Challenge this round
    table.give("Golden Katana", zone="field", host=eptol)
    slayer = table.give("Samurai Slayer", zone="field")
    table.give("Voicechat Network", OPPONENT, zone="field")  # the other party's Turn Action at 20
    table.hand("Drunkard", "Golden Katana")  # Drunkard (21) opens
    moves = play_round(table, HeuristicPlayer())
    assert f"play Golden Katana (10) on {slayer.d.name}" in moves
