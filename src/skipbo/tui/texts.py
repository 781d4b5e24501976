"""Every short text of the terminal game's screens, in the four languages of ``--lang``.

The table, the prompts, the status and message lines, the end screens, the
match summary, the errors and the footer's keys all read their words here, so
a language is complete when its table is (a test checks that every key exists
in every language). The help's prose is in :mod:`.help_text`; the core's
reasons (English sentences) are read into these texts by :mod:`.reasons`.

The pile names are those of each printed rule sheet, as the browser game's
``i18n.js`` lists them (read, not imported: the interfaces never import each
other): en stock pile / building pile / discard pile / draw pile / hand;
fr stock / série / défausse / pioche / main; de Vorratsstapel / Baustapel /
Ablagestapel / Nachziehstapel / Hand; nl stok / bouwstapel / weggooistapel /
trekstapel / hand. The notation (``S-B1``, ``H7-D2``) and the keys are the same
in every language.

A text may hold Rich markup (``[b]``); what is filled into ``{name}`` fields is
escaped by the caller where the text is markup.
"""

from __future__ import annotations

import re
from typing import Final

LANGUAGES: Final = ("en", "fr", "de", "nl")

_EN: Final = {
    # the table
    "build": "Build",
    "hand": "Hand",
    "draw_completed": "draw {draw} · completed {completed}",
    "hand_hidden": "hidden",
    "hand_empty": "empty",
    "spectator": "(spectator: no hand is shown)",
    "partner_tag": " (partner)",
    "hand_count": "hand ",
    "hand_short": "h",
    "last_moves": "Last moves",
    "all_piles": "Every pile in full, bottom card first, top card last",
    "you": "you",
    "player_n": "Player {n}",
    # the status line
    "round_n": "Round {n}",
    "to_move": "{who} to move",
    "round_over": "round over",
    "scores_to": "{scores} (to {target})",
    # the message line and the prompt
    "not_your_turn": "Wait: it is not your turn.",
    "pile_next": "{keys} … (a pile number 1-4 next)",
    "no_card_key": "There is no card {keys} in the hand.",
    "bad_source_key": "'{keys}' does not choose a source here (press ? for the keys).",
    "bad_target_key": "'{keys}' does not choose a target here (press ? for the keys).",
    "where": "{source} → where? Legal: {targets} (Esc: back)",
    "you_played": "You played {move}.",
    "choose_source": "Choose a source.",
    "hint_thinking": "Hint: thinking…",
    "hint": "Hint: {move} (the expert's move; press its keys or type :{move})",
    "move_line": ": type a move (S-B1, H7-D2, end) and Enter",
    "not_a_move": "'{typed}' is not a move; moves look like {examples}",
    "your_turn_name": "{name}, your turn.",
    "playing": "{name} is playing…",
    "played": "{name} played {move}.",
    "go_on": "Go on playing.",
    # saving
    "saved": "Saved to {path} (skipbo-record/1; replay with skipbo play --replay {path}).",
    "not_saved": "Not saved.",
    "save_failed": "Could not save to {path}: {why}",
    "save_other": "Save to another file (Enter saves, Esc does not save):",
    "type_file": "Type a file name.",
    # the screens over the table
    "too_small": "make the terminal at least {width}×{height}",
    "pass_to": "[b]Pass the keyboard to {name}.[/b]",
    "pass_ready": "{name}: press [b]Enter[/b] when you are ready.",
    "recent": "Last moves: {moves}",
    "first_turn": "First turn of the round.",
    "quit_round": "[b]Quit? The round is not over.[/b]",
    "quit_match": "[b]Quit? The match is not over.[/b]",
    "quit_keys": (
        "[b]s[/b] save, then quit · [b]y[/b] quit without saving · "
        "[b]n[/b] or [b]Esc[/b] keep playing"
    ),
    "end_keys_next": "[b]n[/b] next round · ",
    "end_keys": "[b]s[/b] save · [b]q[/b] quit",
    # the end of a round and of the match
    "seed": "seed {seed}",
    "played_to": "(the match is played to {target})",
    "round_won": "won by {who}, {points} points (25 + 5 per card left in other stock piles).",
    "round_blocked": "blocked — no card could be drawn or played; no points",
    "round_ended": "ended without a winner ({reason})",
    "match_won": "The match is won by {who}!",
    "game_won": "The game is won by {who}!",
    "game_shared": "The game is shared by {who}!",
    "forfeit_won": "{bot} forfeited: {why}. The round is lost by {loser} and won by {who}",
    "forfeit_shared": ("{bot} forfeited: {why}. The round is lost by {loser} and shared by {who}"),
    "no_points": " (no points are scored: the match goes on with the next round)",
    "and": "{first} and {last}",
    "fault_illegal move": "an illegal move",
    "fault_malformed answer": "a malformed answer",
    "fault_time limit": "no answer in time",
    "fault_crashed": "the program stopped",
    "fault_bot error": "the bot's own error",
    "fault_other": "a move that is not legal",
    "fault": "{detail}",
    # the core's reasons (see reasons.py)
    "no_card": "there is no {card} in the hand",
    "own_stock_empty": "your stock pile is empty",
    "own_discard_empty": "your discard pile {n} is empty",
    "partner_stock_empty": "your partner's stock pile is empty",
    "partner_discard_empty": "your partner's discard pile {n} is empty",
    "no_partner": "there is no partner in this game",
    "cannot_go": "{a_card} cannot go on B{pile}, which needs {a_need}",
    "end_not_allowed": "'end' is only allowed with an empty hand; discard a card to end the turn",
    "round_already_over": "the round is already over",
    "no_legal_move": "{source} has no legal move now",
    "not_a_move_now": "{move} is not possible now",
    "no_such_move": "{move} is not a move",
    "source_first": "choose a source first",
    # the replay
    "replay_status": "Replay · round {i}/{n} · move {k}/{m} · view of {who}",
    "replay_target": "(to {target})",
    "replay_next": "Next: [b]{who}[/b] plays [b]{move}[/b] ({kind})",
    "replay_next_you": "Next: [b]{who}[/b] play [b]{move}[/b] ({kind})",
    "kind_play": "onto a building pile",
    "kind_discard": "discard, ends the turn",
    "kind_end": "ends the turn",
    "replay_no_winner": "Round over: no winner ({reason}).",
    "replay_won": "Round over: {who} wins, {points} points.",
    "replay_won_you": "Round over: {who} win, {points} points.",
    "replay_stops": "[b]The record stops here[/b]: {problem}",
    "replay_unfinished": "End of the recorded moves (the round was not finished).",
    # the footer's keys (by the binding's English description)
    "key:help": "help",
    "key:type a move": "type a move",
    "key:choose": "choose",
    "key:pick": "pick",
    "key:back": "back",
    "key:save": "save",
    "key:colours": "colours",
    "key:all piles": "all piles",
    "key:hint": "hint",
    "key:quit": "quit",
    "key:ready": "ready",
    "key:next round": "next round",
    "key:save and quit": "save and quit",
    "key:quit without saving": "quit without saving",
    "key:keep playing": "keep playing",
    "key:don't save": "don't save",
    "key:next": "next",
    "key:deal": "deal",
    "key:last": "last",
    "key:prev. round": "prev. round",
}

_FR: Final = {
    "build": "Séries",
    "hand": "Main",
    "draw_completed": "pioche {draw} · terminées {completed}",
    "hand_hidden": "cachée",
    "hand_empty": "vide",
    "spectator": "(spectateur\u00a0: aucune main n'est montrée)",
    "partner_tag": " (coéquipier)",
    "hand_count": "main ",
    "hand_short": "m",
    "last_moves": "Derniers coups",
    "all_piles": "Toutes les piles en entier, de la carte du dessous à celle du dessus",
    "you": "vous",
    "player_n": "Joueur {n}",
    "round_n": "Manche {n}",
    "to_move": "à jouer\u00a0: {who}",
    "round_over": "manche finie",
    "scores_to": "{scores} (en {target})",
    "not_your_turn": "Attendez\u00a0: ce n'est pas votre tour.",
    "pile_next": "{keys} … (ensuite un numéro de pile, 1-4)",
    "no_card_key": "Il n'y a pas de carte {keys} dans la main.",
    "bad_source_key": "«\u00a0{keys}\u00a0» ne choisit pas de source ici (? pour les touches).",
    "bad_target_key": "«\u00a0{keys}\u00a0» ne choisit pas de cible ici (? pour les touches).",
    "where": "{source} → où\u00a0? Possible\u00a0: {targets} (Échap\u00a0: retour)",
    "you_played": "Vous avez joué {move}.",
    "choose_source": "Choisissez une source.",
    "hint_thinking": "Conseil\u00a0: réflexion…",
    "hint": "Conseil\u00a0: {move} (le coup de l'expert\u00a0; ses touches, ou tapez\u00a0:{move})",
    "move_line": ": tapez un coup (S-B1, H7-D2, end) et Entrée",
    "not_a_move": "«\u00a0{typed}\u00a0» n'est pas un coup\u00a0; un coup s'écrit {examples}",
    "your_turn_name": "{name}, à vous.",
    "playing": "{name} joue…",
    "played": "{name} a joué {move}.",
    "go_on": "La partie continue.",
    "saved": (
        "Enregistré dans {path} (skipbo-record/1\u00a0; revoir\u00a0: skipbo play --replay {path})."
    ),
    "not_saved": "Pas enregistré.",
    "save_failed": "Impossible d'enregistrer dans {path}\u00a0: {why}",
    "save_other": "Enregistrer dans un autre fichier (Entrée enregistre, Échap non)\u00a0:",
    "type_file": "Tapez un nom de fichier.",
    "too_small": "agrandissez le terminal à au moins {width}×{height}",
    "pass_to": "[b]Passez le clavier à {name}.[/b]",
    "pass_ready": "{name}\u00a0: appuyez sur [b]Entrée[/b] quand vous êtes prêt.",
    "recent": "Derniers coups\u00a0: {moves}",
    "first_turn": "Premier tour de la manche.",
    "quit_round": "[b]Quitter\u00a0? La manche n'est pas finie.[/b]",
    "quit_match": "[b]Quitter\u00a0? La partie n'est pas finie.[/b]",
    "quit_keys": (
        "[b]s[/b] enregistrer, puis quitter · [b]y[/b] quitter sans enregistrer · "
        "[b]n[/b] ou [b]Échap[/b] continuer"
    ),
    "end_keys_next": "[b]n[/b] manche suivante · ",
    "end_keys": "[b]s[/b] enregistrer · [b]q[/b] quitter",
    "seed": "graine {seed}",
    "played_to": "(la partie se joue en {target} points)",
    "round_won": (
        "gagnée par {who}, {points} points (25 + 5 par carte restée dans les autres stocks)."
    ),
    "round_blocked": "bloquée — aucune carte ne pouvait être piochée ni jouée\u00a0; pas de points",
    "round_ended": "finie sans gagnant ({reason})",
    "match_won": "La partie est gagnée par {who}\u00a0!",
    "game_won": "La partie est gagnée par {who}\u00a0!",
    "game_shared": "La partie est partagée entre {who}\u00a0!",
    "forfeit_won": (
        "{bot} déclare forfait\u00a0: {why}. La manche est perdue par {loser} et gagnée par {who}"
    ),
    "forfeit_shared": (
        "{bot} déclare forfait\u00a0: {why}. La manche est perdue par {loser}"
        " et partagée entre {who}"
    ),
    "no_points": " (pas de points\u00a0: la partie continue avec la manche suivante)",
    "and": "{first} et {last}",
    "fault_illegal move": "un coup interdit",
    "fault_malformed answer": "une réponse mal formée",
    "fault_time limit": "pas de réponse à temps",
    "fault_crashed": "le programme s'est arrêté",
    "fault_bot error": "une erreur du bot lui-même",
    "fault_other": "un coup qui n'est pas permis",
    "fault": "{kind} ({detail})",
    "no_card": "il n'y a pas de {card} dans la main",
    "own_stock_empty": "votre stock est vide",
    "own_discard_empty": "votre défausse {n} est vide",
    "partner_stock_empty": "le stock du coéquipier est vide",
    "partner_discard_empty": "la défausse {n} du coéquipier est vide",
    "no_partner": "il n'y a pas de coéquipier dans cette partie",
    "cannot_go": "{a_card} ne va pas sur B{pile}, qui attend {a_need}",
    "end_not_allowed": (
        "«\u00a0end\u00a0» seulement la main vide\u00a0; défaussez une carte pour finir le tour"
    ),
    "round_already_over": "la manche est déjà finie",
    "no_legal_move": "{source} n'a pas de coup possible maintenant",
    "not_a_move_now": "{move} n'est pas possible maintenant",
    "no_such_move": "{move} n'est pas un coup",
    "source_first": "choisissez d'abord une source",
    "replay_status": "Revoir · manche {i}/{n} · coup {k}/{m} · vue de {who}",
    "replay_target": "(en {target})",
    "replay_next": "Coup suivant\u00a0: [b]{who}[/b], [b]{move}[/b] ({kind})",
    "replay_next_you": "Coup suivant\u00a0: [b]{who}[/b], [b]{move}[/b] ({kind})",
    "kind_play": "sur une série",
    "kind_discard": "défausse, fin du tour",
    "kind_end": "fin du tour",
    "replay_no_winner": "Manche finie\u00a0: pas de gagnant ({reason}).",
    "replay_won": "Manche finie\u00a0: gagnée par {who}, {points} points.",
    "replay_won_you": "Manche finie\u00a0: gagnée par {who}, {points} points.",
    "replay_stops": "[b]Le relevé s'arrête ici[/b]\u00a0: {problem}",
    "replay_unfinished": "Fin des coups relevés (la manche n'était pas finie).",
    "key:help": "aide",
    "key:type a move": "taper un coup",
    "key:choose": "choisir",
    "key:pick": "prendre",
    "key:back": "retour",
    "key:save": "sauver",
    "key:colours": "couleurs",
    "key:all piles": "piles",
    "key:hint": "conseil",
    "key:quit": "quitter",
    "key:ready": "prêt",
    "key:next round": "manche suiv.",
    "key:save and quit": "enregistrer et quitter",
    "key:quit without saving": "quitter sans enregistrer",
    "key:keep playing": "continuer",
    "key:don't save": "ne pas enregistrer",
    "key:next": "suite",
    "key:deal": "donne",
    "key:last": "fin",
    "key:prev. round": "manche préc.",
}

_DE: Final = {
    "build": "Baustapel",
    "hand": "Hand",
    "draw_completed": "Nachziehstapel {draw} · fertig {completed}",
    "hand_hidden": "verdeckt",
    "hand_empty": "leer",
    "spectator": "(Zuschauer: keine Hand wird gezeigt)",
    "partner_tag": " (Partner)",
    "hand_count": "Hand ",
    "hand_short": "H",
    "last_moves": "Letzte Züge",
    "all_piles": "Alle Stapel ganz, von der untersten bis zur obersten Karte",
    "you": "du",
    "player_n": "Spieler {n}",
    "round_n": "Runde {n}",
    "to_move": "am Zug: {who}",
    "round_over": "Runde vorbei",
    "scores_to": "{scores} (bis {target})",
    "not_your_turn": "Warte: du bist nicht am Zug.",
    "pile_next": "{keys} … (dann eine Stapelnummer 1-4)",
    "no_card_key": "Auf der Hand ist keine Karte {keys}.",
    "bad_source_key": "„{keys}“ wählt hier keine Quelle (? zeigt die Tasten).",
    "bad_target_key": "„{keys}“ wählt hier kein Ziel (? zeigt die Tasten).",
    "where": "{source} → wohin? Erlaubt: {targets} (Esc: zurück)",
    "you_played": "Gespielt: {move}.",
    "choose_source": "Wähle eine Quelle.",
    "hint_thinking": "Tipp: ich überlege…",
    "hint": "Tipp: {move} (der Zug des Experten; seine Tasten oder :{move} tippen)",
    "move_line": ": Zug tippen (S-B1, H7-D2, end) und Enter",
    "not_a_move": "„{typed}“ ist kein Zug; Züge sehen so aus: {examples}",
    "your_turn_name": "{name}, du bist dran.",
    "playing": "Am Zug: {name}…",
    "played": "{name} spielt {move}.",
    "go_on": "Weiter geht's.",
    "saved": "Gespeichert in {path} (skipbo-record/1; ansehen mit skipbo play --replay {path}).",
    "not_saved": "Nicht gespeichert.",
    "save_failed": "Speichern in {path} geht nicht: {why}",
    "save_other": "In eine andere Datei speichern (Enter speichert, Esc nicht):",
    "type_file": "Gib einen Dateinamen ein.",
    "too_small": "mach das Terminal mindestens {width}×{height} groß",
    "pass_to": "[b]Gib die Tastatur an {name} weiter.[/b]",
    "pass_ready": "{name}: drücke [b]Enter[/b], wenn du bereit bist.",
    "recent": "Letzte Züge: {moves}",
    "first_turn": "Erster Zug der Runde.",
    "quit_round": "[b]Beenden? Die Runde ist nicht vorbei.[/b]",
    "quit_match": "[b]Beenden? Das Spiel ist nicht vorbei.[/b]",
    "quit_keys": (
        "[b]s[/b] speichern, dann beenden · [b]y[/b] beenden ohne Speichern · "
        "[b]n[/b] oder [b]Esc[/b] weiterspielen"
    ),
    "end_keys_next": "[b]n[/b] nächste Runde · ",
    "end_keys": "[b]s[/b] speichern · [b]q[/b] beenden",
    "seed": "Startwert {seed}",
    "played_to": "(das Spiel geht bis {target} Punkte)",
    "round_won": "Sieger {who}, {points} Punkte (25 + 5 je Karte in den anderen Vorratsstapeln).",
    "round_blocked": "blockiert — keine Karte konnte gezogen oder gespielt werden; keine Punkte",
    "round_ended": "ohne Sieger vorbei ({reason})",
    "match_won": "Sieger des Spiels: {who}!",
    "game_won": "Sieger des Spiels: {who}!",
    "game_shared": "Den Sieg teilen sich: {who}!",
    "forfeit_won": "{bot} gibt auf: {why}. Verlierer der Runde: {loser}; Sieger: {who}",
    "forfeit_shared": "{bot} gibt auf: {why}. Verlierer der Runde: {loser}; den Sieg teilen: {who}",
    "no_points": " (keine Punkte: das Spiel geht mit der nächsten Runde weiter)",
    "and": "{first} und {last}",
    "fault_illegal move": "ein verbotener Zug",
    "fault_malformed answer": "eine fehlerhafte Antwort",
    "fault_time limit": "keine Antwort rechtzeitig",
    "fault_crashed": "das Programm hat aufgehört",
    "fault_bot error": "ein Fehler des Bots selbst",
    "fault_other": "ein Zug, der nicht erlaubt ist",
    "fault": "{kind} ({detail})",
    "no_card": "auf der Hand ist keine {card}",
    "own_stock_empty": "dein Vorratsstapel ist leer",
    "own_discard_empty": "dein Ablagestapel {n} ist leer",
    "partner_stock_empty": "der Vorratsstapel des Partners ist leer",
    "partner_discard_empty": "der Ablagestapel {n} des Partners ist leer",
    "no_partner": "in diesem Spiel gibt es keinen Partner",
    "cannot_go": "{a_card} passt nicht auf B{pile}, dort fehlt {a_need}",
    "end_not_allowed": "„end“ nur mit leerer Hand; lege eine Karte ab, das beendet den Zug",
    "round_already_over": "die Runde ist schon vorbei",
    "no_legal_move": "{source} kann jetzt nicht gespielt werden",
    "not_a_move_now": "{move} geht jetzt nicht",
    "no_such_move": "{move} ist kein Zug",
    "source_first": "wähle zuerst eine Quelle",
    "replay_status": "Wiederholung · Runde {i}/{n} · Zug {k}/{m} · Sicht von {who}",
    "replay_target": "(bis {target})",
    "replay_next": "Nächster Zug: [b]{who}[/b], [b]{move}[/b] ({kind})",
    "replay_next_you": "Nächster Zug: [b]{who}[/b], [b]{move}[/b] ({kind})",
    "kind_play": "auf einen Baustapel",
    "kind_discard": "ablegen, beendet den Zug",
    "kind_end": "beendet den Zug",
    "replay_no_winner": "Runde vorbei: kein Sieger ({reason}).",
    "replay_won": "Runde vorbei: Sieger {who}, {points} Punkte.",
    "replay_won_you": "Runde vorbei: Sieger {who}, {points} Punkte.",
    "replay_stops": "[b]Das Protokoll endet hier[/b]: {problem}",
    "replay_unfinished": "Ende der aufgezeichneten Züge (die Runde war nicht vorbei).",
    "key:help": "Hilfe",
    "key:type a move": "Zug tippen",
    "key:choose": "wählen",
    "key:pick": "nehmen",
    "key:back": "zurück",
    "key:save": "speichern",
    "key:colours": "Farben",
    "key:all piles": "Stapel",
    "key:hint": "Tipp",
    "key:quit": "beenden",
    "key:ready": "bereit",
    "key:next round": "Runde vor",
    "key:save and quit": "speichern und beenden",
    "key:quit without saving": "beenden ohne Speichern",
    "key:keep playing": "weiterspielen",
    "key:don't save": "nicht speichern",
    "key:next": "vor",
    "key:deal": "Anfang",
    "key:last": "Ende",
    "key:prev. round": "Runde zurück",
}

_NL: Final = {
    "build": "Bouwstapels",
    "hand": "Hand",
    "draw_completed": "trekstapel {draw} · voltooid {completed}",
    "hand_hidden": "verborgen",
    "hand_empty": "leeg",
    "spectator": "(toeschouwer: er wordt geen hand getoond)",
    "partner_tag": " (partner)",
    "hand_count": "hand ",
    "hand_short": "h",
    "last_moves": "Laatste zetten",
    "all_piles": "Alle stapels helemaal, van de onderste tot de bovenste kaart",
    "you": "jij",
    "player_n": "Speler {n}",
    "round_n": "Ronde {n}",
    "to_move": "aan de beurt: {who}",
    "round_over": "ronde voorbij",
    "scores_to": "{scores} (tot {target})",
    "not_your_turn": "Wacht: je bent niet aan de beurt.",
    "pile_next": "{keys} … (dan een stapelnummer 1-4)",
    "no_card_key": "Er is geen kaart {keys} in de hand.",
    "bad_source_key": "'{keys}' kiest hier geen bron (? toont de toetsen).",
    "bad_target_key": "'{keys}' kiest hier geen doel (? toont de toetsen).",
    "where": "{source} → waarheen? Mogelijk: {targets} (Esc: terug)",
    "you_played": "Gespeeld: {move}.",
    "choose_source": "Kies een bron.",
    "hint_thinking": "Hint: even denken…",
    "hint": "Hint: {move} (de zet van de expert; zijn toetsen, of typ :{move})",
    "move_line": ": typ een zet (S-B1, H7-D2, end) en Enter",
    "not_a_move": "'{typed}' is geen zet; zetten zien er zo uit: {examples}",
    "your_turn_name": "{name}, jouw beurt.",
    "playing": "Aan de beurt: {name}…",
    "played": "{name} speelt {move}.",
    "go_on": "We spelen verder.",
    "saved": "Opgeslagen in {path} (skipbo-record/1; terugkijken: skipbo play --replay {path}).",
    "not_saved": "Niet opgeslagen.",
    "save_failed": "Opslaan in {path} lukt niet: {why}",
    "save_other": "In een ander bestand opslaan (Enter slaat op, Esc niet):",
    "type_file": "Typ een bestandsnaam.",
    "too_small": "maak de terminal minstens {width}×{height}",
    "pass_to": "[b]Geef het toetsenbord aan {name}.[/b]",
    "pass_ready": "{name}: druk op [b]Enter[/b] als je klaar bent.",
    "recent": "Laatste zetten: {moves}",
    "first_turn": "Eerste beurt van de ronde.",
    "quit_round": "[b]Stoppen? De ronde is niet voorbij.[/b]",
    "quit_match": "[b]Stoppen? Het spel is niet voorbij.[/b]",
    "quit_keys": (
        "[b]s[/b] opslaan, dan stoppen · [b]y[/b] stoppen zonder opslaan · "
        "[b]n[/b] of [b]Esc[/b] verder spelen"
    ),
    "end_keys_next": "[b]n[/b] volgende ronde · ",
    "end_keys": "[b]s[/b] opslaan · [b]q[/b] stoppen",
    "seed": "startwaarde {seed}",
    "played_to": "(het spel gaat tot {target} punten)",
    "round_won": "winnaar {who}, {points} punten (25 + 5 per kaart in de andere stokken).",
    "round_blocked": "vastgelopen — geen kaart kon getrokken of gespeeld worden; geen punten",
    "round_ended": "voorbij zonder winnaar ({reason})",
    "match_won": "Winnaar van het spel: {who}!",
    "game_won": "Winnaar van het spel: {who}!",
    "game_shared": "De winst wordt gedeeld door: {who}!",
    "forfeit_won": "{bot} geeft op: {why}. Verliezer van de ronde: {loser}; winnaar: {who}",
    "forfeit_shared": (
        "{bot} geeft op: {why}. Verliezer van de ronde: {loser}; de winst delen: {who}"
    ),
    "no_points": " (geen punten: het spel gaat verder met de volgende ronde)",
    "and": "{first} en {last}",
    "fault_illegal move": "een verboden zet",
    "fault_malformed answer": "een onjuist antwoord",
    "fault_time limit": "geen antwoord op tijd",
    "fault_crashed": "het programma is gestopt",
    "fault_bot error": "een fout van de bot zelf",
    "fault_other": "een zet die niet mag",
    "fault": "{kind} ({detail})",
    "no_card": "er is geen {card} in de hand",
    "own_stock_empty": "je stok is leeg",
    "own_discard_empty": "je weggooistapel {n} is leeg",
    "partner_stock_empty": "de stok van je partner is leeg",
    "partner_discard_empty": "weggooistapel {n} van je partner is leeg",
    "no_partner": "in dit spel is er geen partner",
    "cannot_go": "{a_card} past niet op B{pile}, die {a_need} nodig heeft",
    "end_not_allowed": "'end' alleen met lege hand; gooi een kaart weg, dat beëindigt de beurt",
    "round_already_over": "de ronde is al voorbij",
    "no_legal_move": "{source} kan nu niet gespeeld worden",
    "not_a_move_now": "{move} kan nu niet",
    "no_such_move": "{move} is geen zet",
    "source_first": "kies eerst een bron",
    "replay_status": "Terugkijken · ronde {i}/{n} · zet {k}/{m} · zicht van {who}",
    "replay_target": "(tot {target})",
    "replay_next": "Volgende zet: [b]{who}[/b], [b]{move}[/b] ({kind})",
    "replay_next_you": "Volgende zet: [b]{who}[/b], [b]{move}[/b] ({kind})",
    "kind_play": "op een bouwstapel",
    "kind_discard": "weggooien, einde van de beurt",
    "kind_end": "einde van de beurt",
    "replay_no_winner": "Ronde voorbij: geen winnaar ({reason}).",
    "replay_won": "Ronde voorbij: winnaar {who}, {points} punten.",
    "replay_won_you": "Ronde voorbij: winnaar {who}, {points} punten.",
    "replay_stops": "[b]Het verslag stopt hier[/b]: {problem}",
    "replay_unfinished": "Einde van de opgenomen zetten (de ronde was niet voorbij).",
    "key:help": "hulp",
    "key:type a move": "zet typen",
    "key:choose": "kiezen",
    "key:pick": "nemen",
    "key:back": "terug",
    "key:save": "opslaan",
    "key:colours": "kleuren",
    "key:all piles": "stapels",
    "key:hint": "hint",
    "key:quit": "stoppen",
    "key:ready": "klaar",
    "key:next round": "volg. ronde",
    "key:save and quit": "opslaan en stoppen",
    "key:quit without saving": "stoppen zonder opslaan",
    "key:keep playing": "verder spelen",
    "key:don't save": "niet opslaan",
    "key:next": "verder",
    "key:deal": "begin",
    "key:last": "einde",
    "key:prev. round": "vor. ronde",
}

TEXTS: Final[dict[str, dict[str, str]]] = {"en": _EN, "fr": _FR, "de": _DE, "nl": _NL}

_PLAYER_N: Final = re.compile(r"Player (\d+)")
_ARTICLES: Final = {
    "en": ("a {card}", "an {card}"),
    "fr": ("un {card}", "un {card}"),
    "de": ("eine {card}", "eine {card}"),
    "nl": ("een {card}", "een {card}"),
}
_VOWEL_SOUNDS: Final = ("8", "11", "A")
"""Cards whose English name starts with a vowel sound: "an 8", "an 11", "an A"."""


class Words:
    """The texts of one language: ``words("round_n", n=2)`` is ``"Round 2"`` in English.

    An unknown language falls back to English (the command line only offers
    :data:`LANGUAGES`).
    """

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in TEXTS else "en"
        self._texts = TEXTS[self.lang]

    def __call__(self, key: str, **params: object) -> str:
        """The text of ``key`` with its ``{fields}`` filled in."""
        return self._texts[key].format(**params)

    def name(self, name: str) -> str:
        """A seat's name as shown: ``you`` and ``Player k`` in this language,
        a bot's name as it is (records keep the English ones)."""
        if name == "you":
            return self("you")
        numbered = _PLAYER_N.fullmatch(name)
        return self("player_n", n=numbered[1]) if numbered else name

    def key(self, description: str) -> str:
        """A footer key's description (the binding's English one) in this language."""
        return self._texts.get(f"key:{description}", description)

    def a_card(self, card: str) -> str:
        """A card with its indefinite article: ``an 8``, ``un 8``, ``eine 8``, ``een 8``."""
        plain, vowel = _ARTICLES[self.lang]
        return (vowel if card in _VOWEL_SOUNDS else plain).format(card=card)

    def both(self, names: list[str]) -> str:
        """``A and B`` (``A, B and C``) in this language."""
        if len(names) == 1:
            return names[0]
        return self("and", first=", ".join(names[:-1]), last=names[-1])


ENGLISH: Final = Words()
