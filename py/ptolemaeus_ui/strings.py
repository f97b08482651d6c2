"""Every text the game UI shows, in one dict keyed by id.

English now; a translation is another dict with the same keys (``LANGS``),
chosen with :func:`set_lang`. Placeholders use ``str.format`` names.
Game terms (constellations, planets, bonus cards) keep their Latin names, as
on the cards; the English gloss is in the ``planet_en.*`` and ``bonus_doc.*``
entries.
"""

from __future__ import annotations

EN: dict[str, str] = {
    # ---- general
    "game.title": "Ptolemaeus",
    "board.label": "The sky: the zodiac board",
    "board.title": "The twelve constellations of the zodiac, the planets, the Comet and the Asteroids",
    "side.label": "Game panel",
    "toolbar.label": "Game controls",
    "btn.rules": "Rules",
    "btn.rules.title": "The rules and the rulings (opens in a new tab)",
    "btn.undo": "Undo",
    "btn.undo.title": "Take back your last move",
    "btn.new_game": "New game",
    "btn.cancel": "Cancel",
    "btn.confirm": "Confirm",
    "btn.skip_anim": "Skip",
    "btn.skip_anim.title": "Skip the end-of-round animation",
    "btn.end_turn": "End turn",
    "btn.trade": "Trade 2 asteroids for a bonus card",
    "btn.play": "Play {card}",
    "btn.close": "Close",
    "btn.view_board": "Look at the board",
    "status.round": "Round {round} · Turn {turn} of 3",
    "status.over": "The game is over",
    "status.your_turn": "Your turn, {name}",
    "status.your_turn_plain": "Your turn",
    "status.turn_of": "{name}'s turn",
    "status.waiting": "Waiting for {name}: {decision}",
    "status.busy": "{text}",
    "status.spectator": "Watching: {name} is to play",
    "status.caption": "End of round",
    "you": "You",

    # ---- elements and colours
    "element.red": "Ignis (fire)",
    "element.green": "Terrae (earth)",
    "element.yellow": "Aeris (air)",
    "element.blue": "Aquae (water)",
    "colour.red": "red",
    "colour.green": "green",
    "colour.yellow": "yellow",
    "colour.blue": "blue",
    "card.wild": "Sextans (wildcard)",
    "card.wild.short": "Sextans",
    "card.wild.doc": "A wildcard: stands for any one constellation card",

    # ---- planets
    "planet.Sol": "Sol",
    "planet.Luna": "Luna",
    "planet.Mercurius": "Mercurius",
    "planet.Venus": "Venus",
    "planet.Mars": "Mars",
    "planet.Iupiter": "Iupiter",
    "planet.Saturnus": "Saturnus",
    "planet_abbr.Sol": "SOL",
    "planet_abbr.Luna": "LUN",
    "planet_abbr.Mercurius": "MER",
    "planet_abbr.Venus": "VEN",
    "planet_abbr.Mars": "MAR",
    "planet_abbr.Iupiter": "IUP",
    "planet_abbr.Saturnus": "SAT",
    "planet_en.Sol": "the Sun",
    "planet_en.Luna": "the Moon",
    "planet_en.Mercurius": "Mercury",
    "planet_en.Venus": "Venus",
    "planet_en.Mars": "Mars",
    "planet_en.Iupiter": "Jupiter",
    "planet_en.Saturnus": "Saturn",
    "planet.label": "{planet} ({english}) in {at}; moves at most {max} times",
    "comet": "Comet",
    "comet.label": "The Comet in {at}",
    "comet_start.label": "The Comet's starting position: {at}",
    "asteroid.label": "Asteroid token of {at}",

    # ---- constellations
    "const.label": "{name}, {element}",
    "const.planets": "planets: {list}",
    "const.no_planets": "no planet",
    "const.comet": "the Comet is here",
    "const.tokens": "{name}: {count}",
    "const.asteroid": "Asteroid present",
    "const.can": "press Enter to choose",

    # ---- the centre of the board
    "center.round": "Round {round}",
    "center.turn": "Turn",
    "center.turn_label": "Turn track: turn {turn} of 3; the Astrolabe is with {name}",
    "center.event": "Event",
    "center.event_label": "Astronomical event card: {card}; {count} left in the deck",
    "center.no_event": "No event card left",
    "center.deck_left": "{count} left",
    "center.comet_progress": "Comet {steps}/12",
    "center.comet_label": "The Comet has moved {steps} of the 12 steps of its revolution",
    "event.Eclipsis": "Eclipsis",

    # ---- cards panel
    "cards.heading": "Constellation cards",
    "cards.display": "Face-up cards",
    "cards.deck": "Deck",
    "cards.deck_count": "{count} cards",
    "cards.deck.take": "Draw from the deck ({count} cards)",
    "cards.discards": "{count} discarded",
    "cards.bonus_deck": "bonus deck: {count} cards",
    "cards.take": "Take {card}",
    "cards.wild_r2": "A face-up Sextans can only be taken as your single card of the draw (R2).",
    "cards.empty": "No face-up cards",

    # ---- hand
    "hand.heading": "Your hand",
    "hand.empty": "No constellation cards",
    "hand.bonus": "Bonus cards",
    "hand.bonus_empty": "No bonus cards",
    "hand.objective": "Secret objective",
    "hand.objective_label": "Your secret objective: study {list}",
    "hand.count": "{count} cards",
    "hand.select": "Select {card}",

    # ---- players panel
    "players.heading": "Astronomers",
    "players.reserve": "Reserve",
    "players.reserve_label": "{count} Almagest tokens in reserve",
    "players.hand": "Cards",
    "players.hand_label": "{count} constellation cards in hand",
    "players.bonus": "Bonus",
    "players.bonus_label": "{count} bonus cards in hand",
    "players.asteroids": "Asteroids",
    "players.asteroids_label": "{count} Asteroid tokens",
    "players.nova": "Nova",
    "players.nova_label": "{count} Nova Constellatio cards (1 point each)",
    "players.studied": "Study area",
    "players.studied_none": "nothing studied yet",
    "players.score": "{points} pts",
    "players.score_label": "{points} points",
    "players.public_score": "{points}+? pts",
    "players.public_score_label": "{points} points, not counting the secret objective",
    "players.astrolabe": "Astrolabe (first player this round)",
    "players.to_play": "to play",
    "players.known": "Seen taking: {list}",
    "players.bot": "bot ({level})",
    "players.breakdown": "Study {table} · Asteroids {asteroids} · Objective {objective} · Nova {nova}",

    # ---- prompts (what the viewer must decide)
    "prompt.heading": "What now?",
    "prompt.turn": "Take one action: draw 2 cards (click the deck or a face-up card), or observe (click a glowing constellation).",
    "prompt.turn_after": "Your action is done. You may still play bonus cards, trade asteroids or study a planet (B), then end your turn.",
    "prompt.extra_action": "Sol in Medio Caeli: take another action.",
    "prompt.draw2": "Draw a second card: the deck or a face-up card.",
    "prompt.observe_choose": "Choose how to observe through {const}:",
    "prompt.observe_none": "{const} cannot be observed now.",
    "prompt.place": "Place your tokens: click a glowing constellation ({left} to go).",
    "prompt.place_on": "Place a token on {const}",
    "prompt.pay_with": "Pay with",
    "prompt.pay_default": "(the cheapest way first)",
    "prompt.source": "With your reserve empty, take the token from (R7)",
    "prompt.source_reserve": "your reserve",
    "prompt.study": "You placed your third token on {const}: choose the planet to study.",
    "prompt.study_b_choose": "Study {planet} on {const} (B): choose 2 more of your tokens elsewhere on the board ({left} to go).",
    "prompt.study_b_ready": "Study {planet} on {const} (B) with your tokens from {others}.",
    "prompt.study_b_offer": "Study a planet (B)",
    "prompt.bonus_offer": "Bonus cards you can play",
    "prompt.study_b_option": "Study {planet} on {const} (B)",
    "prompt.signa": "{card}: place a token on a glowing {colour} constellation.",
    "prompt.nova_luna": "Nova Luna: click a constellation with an opponent's token to swap it for one of yours ({left} to go).",
    "prompt.nova_luna_whose": "Whose token on {const}?",
    "prompt.mercurius_from": "Mercurius Retrogradus: click one of your tokens to move ({left} to go).",
    "prompt.mercurius_to": "Move the token from {source} to which constellation?",
    "prompt.venus": "Venus Retrograda: draw a card from the deck or the face-up cards ({left} to go; face-up Sextans allowed).",
    "prompt.iupiter": "Iupiter Orientalis: take a random card from whom?",
    "prompt.mars": "{name} played Maleficus Mars: choose one of your tokens to take back ({left} to go).",
    "prompt.saturnus": "{name} played Maleficus Saturnus: choose {count} cards to discard.",
    "prompt.saturnus.one": "{name} played Maleficus Saturnus: choose a card to discard.",
    "prompt.eclipsis": "Eclipsis! Choose {count} constellation cards to discard.",
    "prompt.eclipsis.one": "Eclipsis! Choose a constellation card to discard.",
    "prompt.discard_selected": "Selected: {list}",
    "prompt.discard_btn": "Discard",
    "prompt.retrieve_btn": "Take back the token from {const}",
    "prompt.place_btn": "Place on {const}",
    "prompt.swap_btn": "Swap {name}'s token on {const}",
    "prompt.move_btn": "Move {source} → {target}",
    "prompt.steal_btn": "{name} ({count} cards)",
    "prompt.skip": "Skip the second move",
    "prompt.study_btn": "Study {planet}",
    "prompt.observe_btn.constellation": "Observe {where}",
    "prompt.observe_btn.conjunction": "Conjunction in {where}",
    "prompt.observe_btn.opposition": "Opposition {where}",
    "prompt.observe_btn.trine": "Trine {where}",
    "prompt.observe_btn.square": "Square {where}",
    "prompt.tokens": "{count} tokens",
    "prompt.tokens.one": "1 token",
    "prompt.bonus_doc": "{card}",
    "prompt.choose_board": "Choose on the board or below.",
    "prompt.bonus_play_q": "Play {card}?",
    "prompt.nothing": "Nothing to decide.",
    "prompt.not_you": "{name} is deciding.",

    # ---- configurations
    "config.constellation": "constellation",
    "config.conjunction": "conjunction",
    "config.opposition": "opposition",
    "config.trine": "trine",
    "config.square": "square",

    # ---- bonus cards
    "bonus.Nova Luna": "Nova Luna",
    "bonus.Venus Retrograda": "Venus Retrograda",
    "bonus.Maleficus Mars": "Maleficus Mars",
    "bonus.Maleficus Saturnus": "Maleficus Saturnus",
    "bonus.Mercurius Retrogradus": "Mercurius Retrogradus",
    "bonus.Sol in Medio Caeli": "Sol in Medio Caeli",
    "bonus.Iupiter Orientalis": "Iupiter Orientalis",
    "bonus.Nova Constellatio": "Nova Constellatio",
    "bonus.Signa Aeris": "Signa Aeris",
    "bonus.Signa Aquae": "Signa Aquae",
    "bonus.Signa Ignis": "Signa Ignis",
    "bonus.Signa Terrae": "Signa Terrae",
    "bonus_doc.Nova Luna": "Swap an opponent's token on the board for one of yours (two if you studied Luna).",
    "bonus_doc.Venus Retrograda": "Draw a card from the deck or the face-up cards, wildcards included (two if you studied Venus).",
    "bonus_doc.Maleficus Mars": "Each opponent takes back one of their tokens (two if you studied Mars).",
    "bonus_doc.Maleficus Saturnus": "Each opponent discards a constellation card (two if you studied Saturnus).",
    "bonus_doc.Mercurius Retrogradus": "Move one of your tokens to any constellation (two if you studied Mercurius).",
    "bonus_doc.Sol in Medio Caeli": "Take one more action this turn (two if you studied Sol).",
    "bonus_doc.Iupiter Orientalis": "Take a random card from an opponent's hand (two if you studied Iupiter).",
    "bonus_doc.Nova Constellatio": "Worth 1 point.",
    "bonus_doc.Signa Aeris": "Place a token from your reserve on a yellow (air) constellation.",
    "bonus_doc.Signa Aquae": "Place a token from your reserve on a blue (water) constellation.",
    "bonus_doc.Signa Ignis": "Place a token from your reserve on a red (fire) constellation.",
    "bonus_doc.Signa Terrae": "Place a token from your reserve on a green (earth) constellation.",
    "bonus.upgraded": "(upgraded)",
    "bonus.not_now": "Not playable now",

    # ---- move log
    "log.heading": "Move log",
    "log.empty": "No moves yet.",
    "log.round": "Round {round}",
    "log.take": "{name} takes {card} from the face-up cards.",
    "log.draw": "{name} draws a card from the deck.",
    "log.reshuffle": "The discards are shuffled into a new deck ({count} cards).",
    "log.display_reset": "Five face-up cards of one colour: all six are replaced (R3).",
    "log.observe.constellation": "{name} observes {where}.",
    "log.observe.conjunction": "{name} observes the conjunction in {where}.",
    "log.observe.opposition": "{name} observes the opposition {where}.",
    "log.observe.trine": "{name} observes the trine {where}.",
    "log.observe.square": "{name} observes the square {where}.",
    "log.place": "{name} places a token on {at}.",
    "log.place_from": "{name} places a token on {at}, taking it from {source} (R7).",
    "log.place.signa": "{name} places a token on {at} (Signa).",
    "log.place.nova_luna": "{name} puts a token on {at} in its place.",
    "log.place.mercurius": "{name} moves a token from {source} to {at}.",
    "log.study.A": "{name} studies {planet} in {at}.",
    "log.study.B": "{name} studies {planet} in {at} (study B).",
    "log.study_asteroid": "{name} takes the Asteroid of {at}.",
    "log.bonus_drawn": "{name} draws a bonus card.",
    "log.nova_constellatio": "{name} draws Nova Constellatio: 1 point.",
    "log.play": "{name} plays {card}.",
    "log.play_upgraded": "{name} plays {card}, upgraded.",
    "log.trade": "{name} trades 2 Asteroids for a bonus card.",
    "log.swap": "{name} sends {victim_poss} token on {at} back to its reserve.",
    "log.steal": "{name} takes a random card from {victim_poss} hand.",
    "log.retrieve": "{name} takes back a token from {at}.",
    "log.discard.saturnus": "{name} discards {cards} (Maleficus Saturnus).",
    "log.discard.eclipsis": "{name} discards {cards} (Eclipsis).",
    "log.end_turn": "{name} ends the turn.",
    "log.round_end": "End of round {round}.",
    "log.planet_move": "{planet} moves from {source} to {to}.",
    "log.comet_move": "The Comet moves to {to}.",
    "log.comet_move_past": "The Comet moves past {past} to {to}.",
    "log.sweep.comet": "The Comet sweeps the tokens on {at} back to their reserves ({who}).",
    "log.sweep.eclipsis": "Eclipsis: the tokens on {at} go back to their reserves ({who}).",
    "log.reveal": "New astronomical event: {card}.",
    "log.reveal_eclipsis": "Eclipsis! Tokens on constellations without planets go home; everyone discards 2 cards.",
    "log.new_round": "Round {round} begins; {name} holds the Astrolabe.",
    "log.game_over.points": "{name} reaches 12 points and wins!",
    "log.game_over.comet": "The Comet completes its revolution: the game ends.",
    "log.game_over.comet_solo": "The Comet completes its revolution: the sky wins.",
    "log.unknown": "{type}",
    "log.and": " and ",
    "log.list_sep": ", ",

    # ---- end of round captions (animation)
    "anim.round_end": "End of round {round}",
    "anim.planet_move": "{planet} moves to {to}",
    "anim.comet_step": "The Comet moves to {to}",
    "anim.comet_pass": "The Comet passes {to}: a planet is there",
    "anim.sweep.comet": "The Comet sweeps the tokens on {at}",
    "anim.sweep.eclipsis": "Eclipsis: tokens on {at} go home",
    "anim.reveal": "New event: {card}",
    "anim.reveal_eclipsis": "Eclipsis!",
    "anim.new_round": "Round {round}: {name} holds the Astrolabe",
    "anim.game_over": "The game is over",

    # ---- end screen
    "end.heading": "The game is over",
    "end.reason.points": "{name} reached 12 points.",
    "end.reason.comet": "The Comet completed its revolution around the zodiac.",
    "end.winner": "{name} wins!",
    "end.winners": "Shared victory: {names}!",
    "end.sky_wins": "The sky wins: the Comet came round before you reached 12 points.",
    "end.solo_win": "You win: 12 points before the Comet came round!",
    "end.table.caption": "Final scores",
    "end.col.player": "Astronomer",
    "end.col.studied": "Planets studied",
    "end.col.table": "Study table",
    "end.col.asteroids": "Asteroids",
    "end.col.objective": "Objective",
    "end.col.nova": "Nova Constellatio",
    "end.col.total": "Total",
    "end.col.tokens": "Tokens on the board",
    "end.col_short.player": "",
    "end.col_short.studied": "Planets",
    "end.col_short.table": "Table",
    "end.col_short.asteroids": "Ast.",
    "end.col_short.objective": "Obj.",
    "end.col_short.nova": "Nova",
    "end.col_short.total": "Total",
    "end.asteroids_cell": "{points} ({count})",
    "end.tiebreak": "Tie on points: broken by most planets studied, then most tokens on the board (R16).",
    "end.winner_mark": "Winner",

    # ---- setup form (GameSpec.setup_fields)
    "setup.date": "Starting date",
    "setup.date.help": "The planets start where the real sky had them at this moment (UTC).",
    "setup.date.custom": "Another date and time…",
    "setup.date.now": "Now",
    "setup.players": "Players",
    "setup.players.help": "1 = solitaire: reach 12 points before the Comet comes round (R18).",
    "setup.error.date": "Not a valid starting date: {error}",
    "setup.error.players": "Players must be 1 to 4.",
    "setup.error.seed": "The seed must be a whole number.",
    "setup.error.now": "\"now\" must be turned into a date and time first",
    "player.default": "Player {n}",
    "replay.error": "Move {index} of the saved game is not legal: {error}",
    "bot.thinking": "{name} is thinking…",

    # second-person variants, used when the seat's name is "You" (the shell's
    # name for the only human): same keys with ".you"
    "log.take.you": "You take {card} from the face-up cards.",
    "log.draw.you": "You draw a card from the deck.",
    "log.observe.constellation.you": "You observe {where}.",
    "log.observe.conjunction.you": "You observe the conjunction in {where}.",
    "log.observe.opposition.you": "You observe the opposition {where}.",
    "log.observe.trine.you": "You observe the trine {where}.",
    "log.observe.square.you": "You observe the square {where}.",
    "log.place.you": "You place a token on {at}.",
    "log.place_from.you": "You place a token on {at}, taking it from {source} (R7).",
    "log.place.signa.you": "You place a token on {at} (Signa).",
    "log.place.nova_luna.you": "You put a token on {at} in its place.",
    "log.place.mercurius.you": "You move a token from {source} to {at}.",
    "log.study.A.you": "You study {planet} in {at}.",
    "log.study.B.you": "You study {planet} in {at} (study B).",
    "log.study_asteroid.you": "You take the Asteroid of {at}.",
    "log.bonus_drawn.you": "You draw a bonus card.",
    "log.nova_constellatio.you": "You draw Nova Constellatio: 1 point.",
    "log.play.you": "You play {card}.",
    "log.play_upgraded.you": "You play {card}, upgraded.",
    "log.trade.you": "You trade 2 Asteroids for a bonus card.",
    "log.swap.you": "You send {victim_poss} token on {at} back to its reserve.",
    "log.steal.you": "You take a random card from {victim_poss} hand.",
    "log.retrieve.you": "You take back a token from {at}.",
    "log.discard.saturnus.you": "You discard {cards} (Maleficus Saturnus).",
    "log.discard.eclipsis.you": "You discard {cards} (Eclipsis).",
    "log.end_turn.you": "You end the turn.",
    "log.new_round.you": "Round {round} begins; you hold the Astrolabe.",
    "log.game_over.points.you": "You reach 12 points and win!",
    "anim.new_round.you": "Round {round}: you hold the Astrolabe",
    "end.winner.you": "You win!",
    "end.reason.points.you": "You reached 12 points.",
    "status.waiting.you": "{decision}",
    "poss": "{name}'s",
    "poss.you": "your",
}

LANGS: dict[str, dict[str, str]] = {"en": EN}
_current: dict[str, str] = EN


def set_lang(lang: str) -> None:
    """Use ``lang`` (falls back to English for a missing language or key)."""
    global _current
    _current = LANGS.get(lang, EN)


def t(key: str, **params: object) -> str:
    """The text ``key`` with ``params`` filled in."""
    text = _current.get(key)
    if text is None:
        text = EN[key]
    return text.format(**params) if params else text


def has(key: str) -> bool:
    return key in EN


def tn(key: str, count: int, **params: object) -> str:
    """``t(key)`` for ``count`` things: the ``key + ".one"`` variant for one."""
    if count == 1 and has(key + ".one"):
        return t(key + ".one", count=count, **params)
    return t(key, count=count, **params)


def is_you(name: str) -> bool:
    """The shell calls the only human "You": sentences about them use the second person."""
    return name.strip().casefold() == "you"


def tp(key: str, name: str, **params: object) -> str:
    """``t(key)`` about the seat called ``name``: the ``key + ".you"`` variant
    when that seat is "You"."""
    if is_you(name) and has(key + ".you"):
        return t(key + ".you", name=name, **params)
    return t(key, name=name, **params)


def poss(name: str) -> str:
    """"Hypatia's" / "your"."""
    return tp("poss", name)


def join(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return t("log.list_sep").join(items[:-1]) + t("log.and") + items[-1]
