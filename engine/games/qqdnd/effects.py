"""What every QQDND card does, as data: card name -> CardEffects (engine/games/qqdnd/verbs.py).

Each entry is read from the card's printed text (docs/rules/qqdnd.txt); the few rules that do not
fit the verbs are small functions below, named after the card. docs/rules-notes.md ("QQDND:
playing the game") explains each reading that the text leaves open.

`UNIMPLEMENTED` names the cards the engine does not play in full, with what is missing; a goldfish
run counts plays of those cards as plays with no effect.
"""
from __future__ import annotations

from typing import Final

from engine.games.qqdnd.pieces import FIELD, GRANTS_REMOVED
from engine.games.qqdnd.verbs import (
    ANY,
    COUNT,
    HOST,
    PICKED,
    TARGET_PLAYER,
    TARGETS,
    THIS,
    THIS_NAMED,
    Act,
    AddCounters,
    AttachFromHand,
    BonusActions,
    BoostNextDamage,
    BoostNextMagusDamage,
    CardEffects,
    Conceal,
    CountersOn,
    CreateToken,
    Ctx,
    Custom,
    DealDamage,
    Destroy,
    Discard,
    DiscardFromHand,
    DiscardHand,
    Disguise,
    Distribute,
    Draw,
    Every,
    Exhaust,
    FewerInPlay,
    Flip,
    ForceNextAction,
    GainControl,
    GrantTrait,
    If,
    LookAtHand,
    Mark,
    May,
    Mode,
    NoCounters,
    NoLossThisRound,
    NoMoreAttacks,
    PartyHas,
    PartyLacks,
    PerformNested,
    Pick,
    RandomOne,
    Ready,
    RemoveCounters,
    RemoveDamage,
    RemoveFromGame,
    RemoveTopOfDeck,
    Repeat,
    Restore,
    RevealUntil,
    Search,
    SetAlignment,
    Shuffle,
    StayExhausted,
    Suppress,
    T,
    TargetHas,
    ToHand,
    Token,
    YoursNamed,
)

# ---------------------------------------------------------------------------------------------
# Rules that are code


def favourite_trick(ctx: Ctx) -> None:
    """Iago: "Search your discard pile for a Bard Spell Action Resource card. Place it under this card,
    and treat it as a replacement of the Favourite Trick Action." Iago then has that card's Action, at
    its Initiative, in place of Favourite Trick, for as long as the card stays under him."""
    b, iago = ctx.b, ctx.source
    options = [p for p in b.discard[ctx.actor]
               if p.d.category == "Action" and {"Bard", "Spell"} <= p.d.traits]
    if not options or iago.zone != FIELD:
        return
    for card in b.choosers[ctx.actor].pick(b, ctx.actor, "favourite_trick", options, 1, 1, ctx):
        b.put_under(card, iago)
        iago.trick = card.d.play_action


def observe_and_replicate(ctx: Ctx) -> None:
    """Galatea: "Remove all Actions other than Observe and Replicate from this card. Add any Action that
    has been performed this turn to this card." All Actions: the one copied before, and those her equipment
    and skills grant her ("Equipped card has ..."): those stay removed while the card granting them stays on
    her; a card equipped or taught to her afterwards grants its Actions. The copy keeps its printed Initiative
    and text; Actions only a particular card can do (playing a Permanent, "Discard Alchemical Bomb") copy as
    their words: Galatea performing a copied "Place a Charge counter on Alchemical Bomb" places none."""
    b, galatea = ctx.b, ctx.source
    galatea.copied = None
    for item in galatea.attached:
        if item.d.grants:
            item.marks[GRANTS_REMOVED] = b.round  # wiped when the item leaves play (Piece.leave_play_reset)
    options = [a for a in dict.fromkeys(b.performed_this_round) if a.copyable and a is not ctx.action]
    if options:
        galatea.copied = b.choosers[ctx.actor].pick_action(b, ctx.actor, "observe", options, ctx)


def mass_teleport(ctx: Ctx) -> None:
    """Will: "Return all permanent resources target player controls to their hand. That player then
    shuffles their hand into their deck and draws cards equal to their party's hand value." """
    b = ctx.b
    for player in ctx.players:
        for piece in [p for p in b.in_play() if p.controller == player and not p.d.is_party_member]:
            if piece.zone == FIELD:
                b.leave_play(piece, "hand")
        for card in list(b.hand[player]):
            b.to_deck_top(card)
        b.shuffle(player)
        b.draw(player, b.hand_value(player))


def burning_hands(ctx: Ctx) -> None:
    """"Choose an Item card with "Equip". That cards controller chooses one of the following: Equipped
    card takes 1 damage / Discard chosen Item card." The damage comes from Burning Hands."""
    b = ctx.b
    items = [p for p in b.in_play() if p.d.host_kind == "equip" and b.has_trait(p, "Item", ctx.actor)]
    if not items:
        return
    (item,) = b.choosers[ctx.actor].pick(b, ctx.actor, "burning_hands", items, 1, 1, ctx)
    controller = item.controller
    if b.choosers[controller].may(b, controller, "burning_hands_take_damage", ctx, item) and item.host:
        b.deal_damage(ctx.source, ctx.actor, item.host, 1)
    elif item.zone == FIELD:
        b.leave_play(item, "discard")


def righteous_congregation(ctx: Ctx) -> None:
    """"For each LG card you control, you may remove a Damage counter from them or place a Life counter
    on them." The Chooser answers "congregation_heal" per card: remove a Damage counter (True) or place
    a Life counter (False); a card whose Damage counters cannot be removed gets the Life counter."""
    b = ctx.b
    chooser = b.choosers[ctx.actor]
    for piece in [p for p in b.in_play() if p.controller == ctx.actor and b.alignment_of(p, ctx.actor) == "LG"]:
        if piece.damage and b.damage_removable(piece) and chooser.may(b, ctx.actor, "congregation_heal", ctx, piece):
            b.remove_damage(piece, 1)
        else:
            b.add_counters(piece, "life", 1, ctx.actor)


def imitation(ctx: Ctx) -> None:
    """Adapt: "Imitation: (2-1) Add one class subtype belonging to any card in play to this card's
    subtype"."""
    b = ctx.b
    if ctx.source.zone != FIELD:
        return  # the card left play before Imitation resolved: no card to add the subtype to
    classes = sorted({t for p in b.in_play() for t in b.traits_of(p, ctx.actor) if t in b.class_names}
                     - b.traits_of(ctx.source, ctx.actor))
    if classes:
        ctx.source.traits_added.add(b.choosers[ctx.actor].pick_word(b, ctx.actor, "imitation", classes, ctx))


def turnabout(ctx: Ctx) -> None:
    """"Search a player's deck for an Ally and put it in play under their control. Then put an Ally that
    player controls on top of their deck. Then shuffle that player's deck." A token put on a deck ceases
    to exist."""
    b = ctx.b
    chooser = b.choosers[ctx.actor]
    player = chooser.pick_player(b, ctx.actor, "turnabout", ctx)
    allies = [p for p in b.deck[player] if b.has_trait(p, "Ally", ctx.actor)]
    if allies:
        for card in chooser.pick(b, ctx.actor, "turnabout_fetch", allies, 1, 1, ctx):
            b.put_into_play(card, player)
    controlled = [p for p in b.in_play() if p.controller == player and b.has_trait(p, "Ally", ctx.actor)]
    if controlled:
        for card in chooser.pick(b, ctx.actor, "turnabout_return", controlled, 1, 1, ctx):
            b.leave_play(card, "deck_top")
    b.shuffle(player)


def pummel_return(ctx: Ctx) -> None:
    """"You may discard a card from your hand. If you do, return Pummel to your hand and treat its
    Initiative as one lower than it was previously played at." Only the card Pummel itself returns
    (a copy performed by another card has no Pummel to return)."""
    b, pummel = ctx.b, ctx.source
    hand = b.hand[ctx.actor]
    if pummel.d.name != ctx.action.card_name or not hand or not b.choosers[ctx.actor].may(b, ctx.actor, "pummel", ctx):
        return
    b.discard_effect_started(ctx.actor)
    for card in b.choosers[ctx.actor].pick(b, ctx.actor, "discard", list(hand), 1, 1, ctx):
        b.discard_from_hand(card)
    b.resolving_destination = "hand"
    pummel.initiative_override = ctx.initiative - 1


# ---------------------------------------------------------------------------------------------
# Tokens and the Actions cards grant to others

TOKENS: Final[dict[str, Token]] = {
    # Insingem Nox: "It is a token Devil Ally with Life – 1."
    "Insingem Fly": Token("Permanent", ("Devil", "Ally"), 1, text="Token Devil Ally. Life – 1"),
    # Damien Allen: "It is a token Mechanical Mount Item equipped to this card with “Equipped card is a
    # Samurai in addition to its other subtypes”."
    "Cavbike": Token("Permanent", ("Mechanical", "Mount", "Item"), None,
                     CardEffects(statics=frozenset({"mount", "grants_samurai"})),
                     text="Equipped card is a Samurai in addition to its other subtypes"),
    # Mothdragon: "a token Monster Insect Permanent with Life – 1 and “Pester: (8) Deal one damage to
    # target Resource”"
    "Mothdragon Spawn": Token("Permanent", ("Monster", "Insect"), 1,
                              CardEffects(actions={"Pester": Act(initiative="8", targets=(T("resource"),),
                                                                 do=(DealDamage(TARGETS, 1),))}),
                              text="Pester: (8) Deal one damage to target Resource"),
}

GRANTED_ACTIONS: Final[dict[str, Act]] = {
    # Golden Katana
    "Golden Strike": Act(initiative="13", targets=(T("card", "challenged"),), do=(DealDamage(TARGETS, 1),)),
    # Dragonsmouth Bow
    "Dragonshot": Act(initiative="10", targets=(T("card"),), do=(DealDamage(TARGETS, 1),)),
    # Holo-Trident: Hurl leaves the card Exhausted until a later round's Trident Catch.
    "Trident Hurl": Act(initiative="14-10", targets=(T("ally"),),
                        do=(Flip((DealDamage(TARGETS, 1),)), Mark(THIS, "hurled"))),
    "Trident Catch": Act(initiative="20", targets=(T("ally"),), usable=("exhausted",),
                         do=(Flip((DealDamage(TARGETS, 1),)), Mark(THIS, "hurled", remove=True), Ready(THIS))),
    # Adapt
    "Imitation": Act(initiative="2-1", do=(Custom(imitation),)),
}

SAMURAI_HERE: Final = PartyHas("Samurai")
_YOU_ABLE_ALLY_OR_PM: Final = ("you", "ally_or_pm", "able")
# Tower of Nethys: "Exhaust a non-Construct, non-Undead Ally or Party Member you control."
_STARSHOT_SPARE: Final = ("you", "ally_or_pm", "able", "not_trait:Construct", "not_trait:Undead")

# ---------------------------------------------------------------------------------------------
# The cards

CARD_EFFECTS: Final[dict[str, CardEffects]] = {
    # --- Party Members ------------------------------------------------------------------------
    "Resmi Val'Rance, Village Pariah": CardEffects(
        round_end=(RemoveDamage(Pick(("party_member", "you", "damaged"), "heal", high=3), 1),),
    ),
    "Eptol Noir, Forgetful Ronin": CardEffects(actions={
        # The extra Damage of Challenge counters is part of dealing damage (board.deal_damage).
        "Challenge": Act(do=(RemoveCounters(Every("card"), "challenge"),
                             AddCounters(Pick(("card",), "challenge", low=1), "challenge", 1))),
    }),
    "Iago Montelo, Spoony Bard": CardEffects(actions={
        "Bardic Lore": Act(do=(Search(("deck",), ("action_card",), "hand"),)),
        "Favourite Trick": Act(do=(Custom(favourite_trick),)),
    }),
    "Sarinak Ara'ahna, Clanless Archer": CardEffects(actions={
        "Snipe": Act(targets=(T("card"),), do=(DealDamage(TARGETS, 2),)),
    }),
    "Malachi, Haemotological Alchemist": CardEffects(actions={
        "Frantic Research": Act(do=(Draw(1), DiscardFromHand(), If(May("frantic_research"),
                                                                    (DealDamage(THIS, 1), Draw(1))))),
    }),
    "Galatea, Adaptive Gynoid": CardEffects(actions={
        "Observe and Replicate": Act(do=(Custom(observe_and_replicate),)),
    }),
    "Insingem Nox, Lesser Princess of Hell": CardEffects(actions={
        "Me, Me, Me": Act(do=(If(FewerInPlay("Insingem Fly", 3), (CreateToken("Insingem Fly"),)),)),
        "Devil Rush": Act(targets=(T("card"),), do=(Exhaust(YoursNamed("Insingem")), DealDamage(TARGETS, COUNT))),
    }),
    "Damien Allen, Cavalier": CardEffects(actions={
        "Street Rider": Act(do=(If(FewerInPlay("Cavbike", 1), (CreateToken("Cavbike", on_this=True),)),)),
        "Armour Up": Act(do=(If(NoCounters(THIS, "shield"), (AddCounters(THIS, "shield", 3),)),)),
    }),
    "Phase, Mercurial Phantasm": CardEffects(
        statics=frozenset({"phase"}),
        actions={"Transmute": Act(targets=(T("permanent", "non_ally"),), do=(Suppress(TARGETS),))},
    ),
    "Will, Euclid": CardEffects(actions={
        "Mass Teleport": Act(targets=(TARGET_PLAYER,), do=(Custom(mass_teleport), StayExhausted(THIS))),
    }),
    # --- Samurai ------------------------------------------------------------------------------
    "Katana Lunge": CardEffects(play=Act(
        targets=(T("card"),), do=(If(SAMURAI_HERE, (DealDamage(TARGETS, 1),)),),
        on_responded=(DealDamage(Pick(("you", "trait:Samurai"), "hurt_own", low=1), 1),),
    )),
    "Lotus Slash": CardEffects(play=Act(
        targets=(T("resource"),), do=(If(SAMURAI_HERE, (DealDamage(TARGETS, 1),)), Draw(1)),
    )),
    "Sword Throw": CardEffects(play=Act(targets=(T("party_member"),), do=(DealDamage(TARGETS, 2), NoMoreAttacks()))),
    "Golden Katana": CardEffects(host=T("you", "ally_or_pm", "trait:Samurai"), host_kind="equip",
                                 grants=("Golden Strike",)),
    "League of Samurai": CardEffects(actions={
        "Tutelage": Act(targets=(T("you", "ally_or_pm", "tutelage"),), do=(GrantTrait(TARGETS, "Samurai"),)),
        "Upheaval": Act(do=(DiscardHand(), BonusActions(COUNT), Mark(THIS_NAMED, "upheaval"))),
    }),
    "Samurai Slayer": CardEffects(actions={
        "Honorable Engagement": Act(targets=(T("ally"),), do=(If(TargetHas("Samurai"), (DealDamage(TARGETS, 2),),
                                                                  (DealDamage(TARGETS, 1),)),)),
    }),
    # --- Cleric -------------------------------------------------------------------------------
    "Channel Positive Energy": CardEffects(play=Act(do=(
        If(PartyHas("Cleric"), (RemoveDamage(Pick(("resource", "you", "damaged"), "heal", high=5), 1),)),
    ))),
    "Burning Hands": CardEffects(play=Act(do=(Custom(burning_hands),))),
    "Cure Wounds": CardEffects(play=Act(do=(RemoveDamage(Pick(("you", "damaged"), "heal"), 2),))),
    "Allgods Church": CardEffects(actions={
        "Pray for Protection": Act(do=(Exhaust(Pick(("you", "ally_or_pm", "able"), "pray", high=ANY)),
                                       Distribute(PICKED, "shield", COUNT, "shield"))),
    }),
    "The Hall of the Just and Righteous": CardEffects(actions={
        "Just Teachings": Act(do=(Exhaust(Pick(("you", "ally", "able"), "just_teachings", low=1)),
                                  SetAlignment(PICKED, "LG"))),
        "Righteous Congregation": Act(do=(Custom(righteous_congregation),)),
    }),
    "Pious Villager": CardEffects(actions={
        "Humble Prayer": Act(do=(Search(("discard",), ("trait:Cleric", "action_card"), "deck_top"),
                                 StayExhausted(THIS))),
    }),
    # --- Bard ---------------------------------------------------------------------------------
    "Grease": CardEffects(play=Act(modes=(
        Mode((If(PartyHas("Bard"), (Discard(TARGETS),)),), (T("item"),)),
        Mode((If(PartyHas("Bard"), (Exhaust(TARGETS),)),), (T("ally"),)),
    ))),
    "Unnatural Lust": CardEffects(play=Act(
        targets=(T("ally"),), do=(If(PartyHas("Bard"), (GainControl(TARGETS), StayExhausted(TARGETS))),),
    )),
    "Disguise Self": CardEffects(play=Act(targets=(T("you", "trait:Bard"),), do=(Disguise(TARGETS),))),
    # --- Alchemist ----------------------------------------------------------------------------
    "Alchemical Bomb": CardEffects(actions={
        "Tick, tick, tick": Act(do=(AddCounters(THIS_NAMED, "charge", 1),)),
        "BOOM": Act(do=(Repeat(CountersOn(THIS_NAMED, "charge"),
                               (DealDamage(RandomOne("party_member", "opponent", "alive"), 1),)),
                        Discard(THIS_NAMED))),
    }),
    "Alchemist's Fire": CardEffects(
        enters=(If(PartyLacks("Alchemist"), (Discard(THIS),)),),
        actions={"Toss-Up": Act(targets=(T("party_member", "opponent"),), do=(
            Flip((DealDamage(TARGETS, 1),), (DealDamage(RandomOne("party_member", "you", "alive"), 1),)),
            Discard(THIS_NAMED),
        ))},
    ),
    "Strength Mutagen": CardEffects(play=Act(targets=(T("ally", "you"),), do=(BoostNextDamage(TARGETS),))),
    "Curative Potion": CardEffects(
        enters=(Exhaust(THIS), If(PartyLacks("Alchemist"), (StayExhausted(THIS),))),
        actions={"Quaff Potion": Act(targets=(T("ally_or_pm", "you"),),
                                     do=(RemoveDamage(TARGETS, 2), Discard(THIS_NAMED)))},
    ),
    "Malachi's Laboratory": CardEffects(
        statics=frozenset({"laboratory"}),
        actions={"Fresh Experiment": Act(rule="fresh_experiment", do=(Shuffle(), Draw(1)))},
    ),
    # --- Fighter ------------------------------------------------------------------------------
    "Deadshot": CardEffects(play_rule="first_attack",
                            play=Act(targets=(T("resource", "damaged"),), do=(Discard(TARGETS),))),
    "Spread Shot": CardEffects(play=Act(rule="spread_shot", targets=(T("card", "opponent", high=2),),
                                        do=(If(PartyHas("Fighter"), (DealDamage(TARGETS, 1),)),))),
    "Arm Up": CardEffects(play=Act(do=(RevealUntil("martial_attack"),))),
    "Sniper's Camp": CardEffects(
        statics=frozenset({"camp"}),
        enters=(AttachFromHand("martial_attack"),),
        actions={
            "Draw": Act(do=(AttachFromHand("martial_attack"),)),
            "Loose": Act(nested="attached", do=(PerformNested("attached"),)),
        },
    ),
    "Dragonsmouth Bow": CardEffects(host=T("you", "ally_or_pm", "trait:Fighter"), host_kind="equip",
                                    grants=("Dragonshot",), statics=frozenset({"bow"})),
    "Skulking Sniper": CardEffects(host=T(*_YOU_ABLE_ALLY_OR_PM, "trait:Fighter"), host_kind="teach",
                                   statics=frozenset({"skulking"})),
    # --- Taskshaper ---------------------------------------------------------------------------
    "Adapt": CardEffects(host=T(*_YOU_ABLE_ALLY_OR_PM, "trait:Taskshaper"), host_kind="teach",
                         grants=("Imitation",)),
    "Borrow Trick": CardEffects(play=Act(targets=(T("action_card", zone="opponent_discard"),),
                                         do=(If(PartyHas("Taskshaper"), (ToHand(TARGETS),)),))),
    "Instant Recall": CardEffects(play=Act(do=(If(PartyHas("Taskshaper"), (
        Search(("deck",), ("skill_or_spell",), "deck_top"), Draw(1, optional=True))),))),
    # --- Other Resources ----------------------------------------------------------------------
    "True Resurrection": CardEffects(play=Act(do=(
        DiscardHand(), BonusActions(ANY, any_initiative=True),
        Restore(Pick(("party_member", "you", "defeated"), "restore", low=1)), RemoveFromGame(),
    ))),
    "Clockwork Soldier": CardEffects(
        statics=frozenset({"no_damage_removal"}),
        actions={"Timed Strike": Act(targets=(T("resource"),), do=(DealDamage(TARGETS, 1),))},
    ),
    "Raging Savage": CardEffects(
        played=(ForceNextAction("Raging Strike"),),
        actions={"Raging Strike": Act(targets=(T("resource"),), do=(DealDamage(TARGETS, 1),))},
    ),
    "Starguard": CardEffects(
        enters=(If(NoLossThisRound(), (Exhaust(THIS),)),),
        actions={"Guard's Strike": Act(targets=(T("resource"),), do=(DealDamage(TARGETS, 1),))},
    ),
    "Drunkard": CardEffects(played=(If(May("drunkard"), (
        Search(("deck", "discard", "hand"), ("named:Drunkard",), "play", high=ANY),)), Shuffle())),
    "Spellstrike": CardEffects(play=Act(do=(DiscardFromHand(("trait:Spell",)), BoostNextMagusDamage()))),
    "Noxspace": CardEffects(statics=frozenset({"noxspace"}),
                            actions={"Exit Words": Act(do=(Discard(THIS_NAMED),))}),
    "Holo-Lance": CardEffects(host=T("you", "ally_or_pm", "trait:Samurai"), host_kind="equip",
                              statics=frozenset({"lance"})),
    "Holo-Trident": CardEffects(host=T("you", "ally_or_pm", "trait:Fighter"), host_kind="equip",
                                grants=("Trident Hurl", "Trident Catch")),
    "Voicechat Network": CardEffects(actions={
        "Advance Warning": Act(targets=(T("card", "you"),), do=(AddCounters(TARGETS, "shield", 1),)),
    }),
    "Infernal Regeneration": CardEffects(
        host=T("card", "you"), host_kind="attach", statics=frozenset({"infernal"}),
        enters=(AddCounters(HOST, "life", CountersOn(HOST, "damage")),),
    ),
    "Gluttony": CardEffects(round_start=(LookAtHand(),)),
    "Liquidate Assetts": CardEffects(play=Act(do=(If(PartyHas("Sorceror"), (
        Destroy(Pick(("permanent", "you"), "liquidate", high=ANY)), Draw(COUNT))),))),
    "Turnabout": CardEffects(play=Act(do=(Custom(turnabout),))),
    "Louise Lake, Shieldmaiden": CardEffects(
        round_start=(Distribute(Every("you", "trait:Fighter"), "shield", 2, "shield"),),
        actions={"Shield Slash": Act(targets=(T("ally"),), do=(DealDamage(TARGETS, 1),))},
    ),
    "Magical Tinkering": CardEffects(
        statics=frozenset({"craft"}),
        enters=(AddCounters(THIS, "craft", 5),),
        actions={
            "Blueprint": Act(do=(If(PartyHas("Magus"), (AddCounters(THIS_NAMED, "craft", 1),)),)),
            "Fevered Crafting": Act(nested="crafting", do=(RemoveCounters(THIS_NAMED, "craft", 1),
                                                           PerformNested("crafting"))),
        },
    ),
    "Dimensional Wave": CardEffects(play_rule="with_unique", statics=frozenset({"wave"})),
    "Pummel": CardEffects(play=Act(targets=(T("permanent"),), do=(DealDamage(TARGETS, 1), Custom(pummel_return)))),
    "Jaunt": CardEffects(play=Act(do=(Search(("deck",), ("location",), "play", mark="shuffle"),))),
    "TB Towers": CardEffects(statics=frozenset({"tb_towers"})),
    "Vanish": CardEffects(play=Act(do=(Conceal(),))),
    "C.O.R.E": CardEffects(actions={
        "Laser Beam": Act(targets=(T("card"),), do=(DealDamage(TARGETS, 1),)),
        "Heal Beam": Act(targets=(T("card"),), do=(RemoveDamage(TARGETS, 1),)),
    }),
    "Riding Camel": CardEffects(host=T("you", "ally"), host_kind="equip", statics=frozenset({"camel", "mount"})),
    "Chainmail Shirt": CardEffects(host=T("you", "party_member"), host_kind="equip", statics=frozenset({"block1"})),
    "Shogun Armour": CardEffects(host=T("you", "ally"), host_kind="equip", statics=frozenset({"block2", "shogun"})),
    "Mothdragon": CardEffects(
        statics=frozenset({"mothdragon"}),
        actions={"Sporebreath": Act(targets=(T("resource"),), do=(DealDamage(TARGETS, 2),))},
    ),
    # Starshot's first instruction is what the Action costs: with nothing to exhaust it cannot be performed.
    "Tower of Nethys": CardEffects(
        enters=(Exhaust(THIS),),
        actions={"Starshot": Act(targets=(TARGET_PLAYER,), requires=_STARSHOT_SPARE, do=(
            Exhaust(Pick(_STARSHOT_SPARE, "exhaust_spare", low=1)),
            RemoveTopOfDeck(3),
        ))},
    ),
}

# Card name -> what the engine leaves out. Every card above is played in full.
UNIMPLEMENTED: Final[dict[str, str]] = {}
