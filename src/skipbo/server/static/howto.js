// How to play, in the four languages of the page: short
// paragraphs the page shows next to Cards.areas(). The pile names are the official
// ones of each language's printed rule sheet, the same as i18n.js uses (see its
// header): en stock pile / hand / discard pile / building pile / draw pile;
// fr stock / main / défausse / série / pioche; de Vorratsstapel / Hand /
// Ablagestapel / Baustapel / Nachziehstapel; nl stok / hand / weggooistapel /
// bouwstapel / trekstapel. The rules themselves are those of rules.md (§5 a turn,
// §7 partnerships, §8 scoring), told for a new player, not for a referee.

/** @type {Record<string, string[]>} */
export const HOWTO = {
  en: [
    "Goal: be the first to play every card of your stock pile. Cards go onto the building piles in the middle of the table, in order from 1 to 12.",
    "The four areas: your stock pile (only its top card is face up and can be played); your hand of up to 5 cards, which only you can see; your four discard piles (only the top card of each can be played); and the four building piles in the middle, shared by everyone. The draw pile refills the hands.",
    "A building pile starts with a 1 and goes up one number at a time. When it reaches 12 it is set aside and its place is free for a new pile. When the draw pile runs out, the set-aside piles are shuffled into a new one.",
    "Your turn: first your hand is refilled to 5 cards from the draw pile. Then play as many cards as you like onto the building piles: the top of your stock pile, cards from your hand, the tops of your discard piles. If you play all 5 hand cards, you draw 5 more and go on.",
    "To end your turn, put one hand card onto one of your own discard piles. Any card may go onto any of the four piles, but think ahead: later only the top card can be played.",
    "SKIP-BO cards (SB) are wild: each counts as the number its building pile needs next. With playing cards, the Ace is 1, the Jack 11, the Queen 12, and Kings and Jokers are the wild cards.",
    "Partnerships: with 4 or 6 players, partners do not sit side by side, and each may also play the top of the partner's stock pile and discard piles (but never discard there). A team wins when both partners' stock piles are empty.",
    "Play to: the score that wins a match. Rounds are played until someone reaches it; the winner of a round scores 25 points plus 5 for every card left in the opponents' stock piles. Left empty, one round decides.",
  ],
  fr: [
    "But du jeu\u00a0: être le premier à jouer toutes les cartes de son stock. Les cartes se posent sur les séries au centre de la table, dans l'ordre de 1 à 12.",
    "Les quatre zones\u00a0: votre stock (seule la carte du dessus est visible et jouable)\u00a0; votre main de 5 cartes au plus, que vous seul voyez\u00a0; vos quatre piles de défausse (seule la carte du dessus de chacune se joue)\u00a0; et les quatre séries au centre, communes à tous. La pioche complète les mains.",
    "Une série commence par un 1 et monte d'un chiffre à la fois. Arrivée à 12, elle est écartée et sa place est libre pour une nouvelle série. Quand la pioche est épuisée, les séries écartées sont mélangées pour en former une nouvelle.",
    "Votre tour\u00a0: votre main est d'abord complétée à 5 cartes avec la pioche. Jouez ensuite sur les séries autant de cartes que vous voulez\u00a0: la carte du dessus de votre stock, les cartes de votre main, le dessus de vos piles de défausse. Si vous jouez les 5 cartes de votre main, vous en piochez 5 nouvelles et continuez.",
    "Pour finir votre tour, posez une carte de votre main sur une de vos piles de défausse. N'importe quelle carte va sur n'importe laquelle des quatre piles, mais pensez à la suite\u00a0: seule la carte du dessus pourra être jouée.",
    "Les cartes SKIP-BO (SB) sont des jokers\u00a0: chacune vaut le chiffre dont sa série a besoin. Avec les cartes à jouer, l'As vaut 1, le Valet 11, la Dame 12, et les Rois et les Jokers sont les cartes SKIP-BO.",
    "Par équipes\u00a0: à 4 ou 6 joueurs, les coéquipiers ne sont pas voisins, et chacun peut aussi jouer le dessus du stock et des piles de défausse de son coéquipier (mais jamais y défausser). Une équipe gagne quand les stocks des deux coéquipiers sont vides.",
    "Jouer jusqu'à\u00a0: le score qui gagne la partie. On joue des manches jusqu'à ce que quelqu'un l'atteigne\u00a0; le gagnant d'une manche marque 25 points plus 5 par carte restant dans les stocks adverses. Laissé vide, une seule manche décide.",
  ],
  de: [
    "Ziel: als Erster alle Karten des eigenen Vorratsstapels ausspielen. Die Karten kommen auf die Baustapel in der Tischmitte, der Reihe nach von 1 bis 12.",
    "Die vier Bereiche: dein Vorratsstapel (nur die oberste Karte liegt offen und darf gespielt werden); deine Hand mit bis zu 5 Karten, die nur du siehst; deine vier Ablagestapel (von jedem darf nur die oberste Karte gespielt werden); und die vier Baustapel in der Mitte, die allen gehören. Vom Nachziehstapel werden die Hände aufgefüllt.",
    "Ein Baustapel beginnt mit einer 1 und steigt jeweils um eins. Erreicht er 12, wird er beiseitegelegt und sein Platz ist frei für einen neuen Stapel. Ist der Nachziehstapel leer, werden die beiseitegelegten Stapel zu einem neuen gemischt.",
    "Dein Zug: zuerst wird deine Hand vom Nachziehstapel auf 5 Karten aufgefüllt. Dann legst du so viele Karten auf die Baustapel, wie du willst: die oberste Karte deines Vorratsstapels, Handkarten, die obersten Karten deiner Ablagestapel. Spielst du alle 5 Handkarten aus, ziehst du 5 neue und spielst weiter.",
    "Zum Beenden des Zuges legst du eine Handkarte auf einen deiner Ablagestapel. Jede Karte darf auf jeden der vier Stapel, aber denk voraus: später ist nur die oberste Karte spielbar.",
    "SKIP-BO-Karten (SB) sind Joker: Jede zählt als die Zahl, die ihr Baustapel als Nächstes braucht. Bei Spielkarten ist das Ass 1, der Bube 11, die Dame 12, und Könige und Joker sind die SKIP-BO-Karten.",
    "Partnerschaften: Bei 4 oder 6 Spielern sitzen Partner nicht nebeneinander, und jeder darf auch die oberste Karte vom Vorratsstapel und von den Ablagestapeln des Partners spielen (dort aber nie ablegen). Ein Team gewinnt, wenn beide Vorratsstapel leer sind.",
    "Spielen bis: die Punktzahl, die ein Match gewinnt. Es werden Runden gespielt, bis jemand sie erreicht; der Sieger einer Runde erhält 25 Punkte plus 5 für jede Karte, die noch in den Vorratsstapeln der Gegner liegt. Bleibt das Feld leer, entscheidet eine Runde.",
  ],
  nl: [
    "Doel: als eerste alle kaarten van je stok spelen. De kaarten gaan op de bouwstapels in het midden van de tafel, op volgorde van 1 tot en met 12.",
    "De vier plekken: je stok (alleen de bovenste kaart ligt open en mag gespeeld worden); je hand van hoogstens 5 kaarten, die alleen jij ziet; je vier weggooistapels (van elke stapel mag alleen de bovenste kaart gespeeld worden); en de vier bouwstapels in het midden, van iedereen samen. Met de trekstapel worden de handen aangevuld.",
    "Een bouwstapel begint met een 1 en gaat telkens één omhoog. Bij 12 wordt hij weggelegd en is zijn plek vrij voor een nieuwe stapel. Is de trekstapel op, dan worden de weggelegde stapels geschud tot een nieuwe trekstapel.",
    "Jouw beurt: eerst wordt je hand uit de trekstapel aangevuld tot 5 kaarten. Leg dan zoveel kaarten op de bouwstapels als je wilt: de bovenste kaart van je stok, kaarten uit je hand, de bovenste kaarten van je weggooistapels. Speel je alle 5 handkaarten, dan trek je er 5 nieuwe en speel je verder.",
    "Je beëindigt je beurt door een kaart uit je hand op een van je eigen weggooistapels te leggen. Elke kaart mag op elk van de vier stapels, maar denk vooruit: later is alleen de bovenste kaart speelbaar.",
    "SKIP-BO-kaarten (SB) zijn jokers: elke telt als het getal dat zijn bouwstapel nodig heeft. Met speelkaarten is de aas 1, de boer 11, de vrouw 12, en koningen en jokers zijn de SKIP-BO-kaarten.",
    "In teams: met 4 of 6 spelers zitten partners niet naast elkaar, en elk mag ook de bovenste kaart van de stok en de weggooistapels van zijn partner spelen (maar er nooit op weggooien). Een team wint als de stokken van beide partners leeg zijn.",
    "Spelen tot: de score die een wedstrijd wint. Er worden rondes gespeeld tot iemand die haalt; de winnaar van een ronde krijgt 25 punten plus 5 voor elke kaart die nog in de stokken van de tegenstanders ligt. Leeg gelaten beslist één ronde.",
  ],
};
