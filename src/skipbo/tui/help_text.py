"""The help screens' text in the four languages of the browser game (``--lang``):
the game's, and the replay's (``skipbo play --replay``).

The rules come first, in a few lines, with the official names of the piles of
the printed rule sheets, as the browser game's ``i18n.js`` lists them (read,
not imported: the interfaces never import each other):
en stock pile / building pile / discard pile / draw pile / hand;
fr stock / série / défausse / pioche / main;
de Vorratsstapel / Baustapel / Ablagestapel / Nachziehstapel / Hand;
nl stok / bouwstapel / weggooistapel / trekstapel / hand.
The keys and the notation are the same in every language.

Each language's help is made of sections, so that the two screens share the
rules and the table's legend and differ only in their keys: a replay binds
none of the playing keys (choosing a card, discarding, a hint, saving), so
its help lists the keys that step through the record instead.
"""

from __future__ import annotations

from typing import Final

from .texts import LANGUAGES

__all__ = ["LANGUAGES", "help_text", "replay_help_text"]

_EN: Final = {
    "top": """\
[b]Skip-Bo in the terminal[/b]  (↑ ↓ scroll, any other key closes)

[b]The rules[/b]: build the four building piles B1..B4 up from 1 to 12
(a pile that reaches 12 is set aside). [b]SB is wild[/b]: it counts as the
number its pile needs. On your turn, play from your hand, the top of your
stock pile and the tops of your discard piles; play all five hand cards
and you draw five more. Discard a hand card onto a discard pile to end the
turn. [b]Empty your stock pile first to win.[/b]
""",
    "play": """\
[b]Play a card[/b]: choose a source, then a target. Sources that can go onto
a building pile are underlined; the chosen one is blue, its targets yellow.
  source   1..5      a hand card, by its place in the hand
           s         your stock pile
           d 1..4    the top of your discard pile D1..D4
           p s       your partner's stock pile (partnership play)
           p d 1..4  your partner's discard pile
  target   1..4      building pile B1..B4 (also b 1..4)
           d 1..4    discard the hand card there: this ends your turn
  ← →  move over the choices · Enter  pick · Esc  back
  e    end the turn with an empty hand (only when nothing can be drawn)

[b]Type a move[/b]: ':' opens the move line. Type the notation and Enter:
  S-B1  D3-B2  H7-B4  HSB-B1  pS-B2  pD1-B3  H9-D1  end
With --faces cards, type the faces shown: HQ-D1, HK-B1, HA-B2. Lower case
is fine. Esc leaves the line. An illegal move is refused with the reason.

[b]Keys[/b]  ? or F1 help · v every pile in full · h hint · ctrl+s save ·
ctrl+t light/dark · q quit (asks first; Esc never quits)
""",
    "replay": """\
[b]Step through the record[/b]: each step shows the table as the seat about
to move sees it, and the line under the table its next move. A record
with an illegal move stops just before it, with the reason.
  → n space       the next move
  ← p backspace   the move before
  Home            the deal of the round
  End             the last move of the round
  ] PageDown      the next round
  \\[ PageUp        the round before
  v               every pile in full
  ? F1            this help
  q               quit (at once; Esc never quits)
""",
    "table": """\
[b]The table[/b]: ▶ marks the seat to move. A stock pile shows its top card
and ×N, the cards left. Discard piles show their cards, the top one last;
a deep one shows its top cards and its size, …7 8 9 (9). Building piles
show the value they count; * marks one topped by a wild card. SB (K with
--faces cards) is the wild card. The last moves show who played what.
""",
}


_FR: Final = {
    "top": """\
[b]Skip-Bo dans le terminal[/b]  (↑ ↓ défiler, toute autre touche ferme)

[b]La règle[/b] : montez les quatre séries B1..B4 de 1 à 12 (une série
arrivée à 12 est mise de côté). [b]SB est un joker[/b] : il vaut le chiffre
dont la série a besoin. À votre tour, jouez depuis votre main, le dessus
de votre stock et le dessus de vos défausses ; jouez les cinq cartes de
votre main et vous en piochez cinq autres. Posez une carte de la main sur
une défausse pour finir le tour. [b]Videz votre stock le premier pour
gagner.[/b]
""",
    "play": """\
[b]Jouer une carte[/b] : choisissez une source, puis une cible. Les sources
jouables sur une série sont soulignées ; la source choisie est bleue, ses
cibles jaunes.
  source   1..5      une carte de la main, par sa place
           s         votre stock
           d 1..4    le dessus de votre défausse D1..D4
           p s       le stock du coéquipier (jeu par équipes)
           p d 1..4  une défausse du coéquipier
  cible    1..4      la série B1..B4 (aussi b 1..4)
           d 1..4    défausser la carte de la main : fin du tour
  ← →  parcourir les choix · Entrée  choisir · Échap  retour
  e    finir le tour la main vide (seulement si la pioche est vide)

[b]Taper un coup[/b] : ':' ouvre la ligne de coup. Tapez la notation, Entrée :
  S-B1  D3-B2  H7-B4  HSB-B1  pS-B2  pD1-B3  H9-D1  end
Avec --faces cards, tapez les figures affichées : HQ-D1, HK-B1, HA-B2.
Les minuscules vont aussi. Échap quitte la ligne. Un coup interdit est
refusé avec la raison.

[b]Touches[/b]  ? ou F1 aide · v toutes les piles en entier · h conseil · ctrl+s
enregistrer · ctrl+t clair/sombre · q quitter (demande d'abord ; Échap ne
quitte jamais)
""",
    "replay": """\
[b]Revoir le relevé[/b] : chaque étape montre la table vue par le joueur
qui a la main, et la ligne sous la table son prochain coup. Un relevé
avec un coup interdit s'arrête juste avant, avec la raison.
  → n espace            le coup suivant
  ← p retour arrière    le coup précédent
  Début                 la donne de la manche
  Fin                   le dernier coup de la manche
  ] Pg suiv             la manche suivante
  \\[ Pg préc             la manche précédente
  v                     toutes les piles en entier
  ? F1                  cette aide
  q                     quitter (aussitôt ; Échap ne quitte jamais)
""",
    "table": """\
[b]La table[/b] : ▶ marque le joueur qui a la main. Un stock montre sa carte
du dessus et ×N, les cartes restantes. Les défausses montrent leurs
cartes, celle du dessus en dernier ; une défausse haute montre ses
dernières cartes et sa taille, …7 8 9 (9). Les séries montrent leur
valeur ; * marque une série couverte par un joker. SB (K avec --faces
cards) est le joker. Les derniers coups disent qui a joué quoi.
""",
}


_DE: Final = {
    "top": """\
[b]Skip-Bo im Terminal[/b]  (↑ ↓ blättern, jede andere Taste schließt)

[b]Die Regeln[/b]: Die vier Baustapel B1..B4 werden von 1 bis 12 gebaut
(ein Stapel, der 12 erreicht, wird beiseitegelegt). [b]SB ist ein Joker[/b]:
er zählt als die Zahl, die sein Stapel braucht. Spiele in deinem Zug aus
der Hand, vom Vorratsstapel und von deinen Ablagestapeln; spielst du alle
fünf Handkarten aus, ziehst du fünf neue vom Nachziehstapel. Lege eine
Handkarte auf einen Ablagestapel, um den Zug zu beenden. [b]Wer zuerst
seinen Vorratsstapel leert, gewinnt.[/b]
""",
    "play": """\
[b]Eine Karte spielen[/b]: erst eine Quelle, dann ein Ziel wählen. Quellen,
die auf einen Baustapel passen, sind unterstrichen; die gewählte ist blau,
ihre Ziele gelb.
  Quelle   1..5      eine Handkarte, nach ihrem Platz
           s         dein Vorratsstapel
           d 1..4    die oberste Karte deines Ablagestapels D1..D4
           p s       Vorratsstapel des Partners (Partnerspiel)
           p d 1..4  Ablagestapel des Partners
  Ziel     1..4      Baustapel B1..B4 (auch b 1..4)
           d 1..4    die Handkarte dort ablegen: beendet den Zug
  ← →  durch die Wahl gehen · Enter  wählen · Esc  zurück
  e    Zug mit leerer Hand beenden (nur wenn nichts zu ziehen ist)

[b]Zug eintippen[/b]: ':' öffnet die Zugzeile. Notation tippen und Enter:
  S-B1  D3-B2  H7-B4  HSB-B1  pS-B2  pD1-B3  H9-D1  end
Mit --faces cards tippst du die gezeigten Bilder: HQ-D1, HK-B1, HA-B2.
Kleinbuchstaben gehen auch. Esc verlässt die Zeile. Ein verbotener Zug
wird mit dem Grund abgelehnt.

[b]Tasten[/b]  ? oder F1 Hilfe · v alle Stapel ganz · h Tipp · ctrl+s speichern ·
ctrl+t hell/dunkel · q beenden (fragt zuerst; Esc beendet nie)
""",
    "replay": """\
[b]Das Protokoll ansehen[/b]: jeder Schritt zeigt den Tisch, wie ihn der
Platz am Zug sieht, und die Zeile unter dem Tisch seinen nächsten Zug.
Ein Protokoll mit einem verbotenen Zug endet kurz davor, mit dem Grund.
  → n Leertaste     der nächste Zug
  ← p Rücktaste     der Zug davor
  Pos1              der Anfang der Runde (nach dem Geben)
  Ende              der letzte Zug der Runde
  ] Bild↓           die nächste Runde
  \\[ Bild↑           die Runde davor
  v                 alle Stapel ganz
  ? F1              diese Hilfe
  q                 beenden (sofort; Esc beendet nie)
""",
    "table": """\
[b]Der Tisch[/b]: ▶ zeigt, wer am Zug ist. Ein Vorratsstapel zeigt seine
oberste Karte und ×N, die übrigen Karten. Ablagestapel zeigen ihre Karten,
die oberste zuletzt; ein hoher zeigt seine obersten Karten und seine
Größe, …7 8 9 (9). Baustapel zeigen ihren Wert; * markiert einen mit
einem Joker obenauf. SB (K mit --faces cards) ist der Joker. Die letzten
Züge zeigen, wer was gespielt hat.
""",
}


_NL: Final = {
    "top": """\
[b]Skip-Bo in de terminal[/b]  (↑ ↓ scrollen, elke andere toets sluit)

[b]De regels[/b]: bouw de vier bouwstapels B1..B4 op van 1 tot 12 (een
stapel die 12 bereikt gaat opzij). [b]SB is een joker[/b]: hij telt als het
getal dat zijn stapel nodig heeft. Speel in je beurt uit je hand, van de
bovenkant van je stok en van je weggooistapels; speel je alle vijf
handkaarten uit, dan pak je er vijf nieuwe van de trekstapel. Leg een
handkaart op een weggooistapel om je beurt te beëindigen. [b]Wie als
eerste zijn stok leeg heeft, wint.[/b]
""",
    "play": """\
[b]Een kaart spelen[/b]: kies een bron, dan een doel. Bronnen die op een
bouwstapel passen zijn onderstreept; de gekozen bron is blauw, haar
doelen geel.
  bron     1..5      een handkaart, naar haar plaats
           s         je stok
           d 1..4    de bovenste kaart van weggooistapel D1..D4
           p s       de stok van je partner (in teams)
           p d 1..4  een weggooistapel van je partner
  doel     1..4      bouwstapel B1..B4 (ook b 1..4)
           d 1..4    de handkaart daar weggooien: einde van je beurt
  ← →  door de keuzes · Enter  kiezen · Esc  terug
  e    beurt beëindigen met lege hand (alleen als niets te trekken is)

[b]Een zet typen[/b]: ':' opent de zetregel. Typ de notatie en Enter:
  S-B1  D3-B2  H7-B4  HSB-B1  pS-B2  pD1-B3  H9-D1  end
Met --faces cards typ je de getoonde kaarten: HQ-D1, HK-B1, HA-B2.
Kleine letters mogen ook. Esc verlaat de regel. Een verboden zet wordt
geweigerd, met de reden.

[b]Toetsen[/b]  ? of F1 hulp · v alle stapels helemaal · h hint · ctrl+s opslaan ·
ctrl+t licht/donker · q stoppen (vraagt eerst; Esc stopt nooit)
""",
    "replay": """\
[b]Het verslag terugkijken[/b]: elke stap toont de tafel zoals de speler
die aan de beurt is hem ziet, en de regel onder de tafel zijn volgende
zet. Een verslag met een verboden zet stopt er net voor, met de reden.
  → n spatie        de volgende zet
  ← p backspace     de zet ervoor
  Home              het begin van de ronde (na het delen)
  End               de laatste zet van de ronde
  ] PageDown        de volgende ronde
  \\[ PageUp          de ronde ervoor
  v                 alle stapels helemaal
  ? F1              deze hulp
  q                 stoppen (meteen; Esc stopt nooit)
""",
    "table": """\
[b]De tafel[/b]: ▶ wijst wie aan de beurt is. Een stok toont zijn bovenste
kaart en ×N, de kaarten die over zijn. Weggooistapels tonen hun kaarten,
de bovenste als laatste; een hoge toont zijn bovenste kaarten en zijn
grootte, …7 8 9 (9). Bouwstapels tonen hun waarde; * markeert er een met
een joker bovenop. SB (K met --faces cards) is de joker. De laatste
zetten tonen wie wat speelde.
""",
}


_TEXTS: Final = {"en": _EN, "fr": _FR, "de": _DE, "nl": _NL}
_GAME: Final = ("top", "play", "table")
_REPLAY: Final = ("top", "replay", "table")


def _sections(lang: str, parts: tuple[str, ...]) -> str:
    """The ``parts`` of ``lang``'s help, a blank line apart; English for a language
    it does not know (the command line only offers :data:`LANGUAGES`)."""
    texts = _TEXTS.get(lang, _EN)
    return "\n".join(texts[part] for part in parts)


def help_text(lang: str = "en") -> str:
    """The game's help in ``lang`` (Rich markup): the rules, the playing keys, the table."""
    return _sections(lang, _GAME)


def replay_help_text(lang: str = "en") -> str:
    """The replay's help in ``lang`` (Rich markup): the same rules and table, but only
    the keys a replay binds, since the playing keys do nothing there."""
    return _sections(lang, _REPLAY)
