// Every visible text of the page, in the four languages of the printed rules.
//
// The names of the piles and cards are the official ones of the printed rule
// sheets in /work/shared/seeds (the project's reference documents):
//   en: 001 (English): "stock pile", "building pile", "discard pile", "draw pile", "hand".
//   fr: 000 (French): "stock", "pioche", "piles de défausse", "séries" (au centre de la
//       table); 004 (French part) the same: STOCK, DÉFAUSSE, SÉRIES CENTRALES, pioche.
//       (003, a Canadian sheet, says "talon", "écart", "pile d'accumulation" instead.)
//   de: 002 (German): "Vorratsstapel", "Nachziehstapel", "Baustapel", "Ablagestapel".
//       (004's German part says "Spielerstapel", "Kartenstock", "Ablegestapel", "Hilfstapel".)
//   nl: 004 (Dutch part): "stok", "trekstapel", "bouwstapel", "weggooistapel", "hand".
// "{name}" in a text is filled in by t(); the values are set with textContent only.
// French sets a no-break space (\u00a0) before : ; ? ! » and after «, and every language
// one between a number and % (tests/test_static_typography.py): a mark never starts a line.

/** The page's languages: code → the language's own name. @type {Record<string, string>} */
export const LANGUAGES = { en: "English", fr: "Français", de: "Deutsch", nl: "Nederlands" };

/**
 * The texts of each language (code → key → text); other modules add their own keys.
 * @type {Record<string, TextTable>}
 */
export const TEXTS = {
  en: {
    hint: "Hint", hintText: "Hint: {move}", analyze: "Analyze", analysisSeat: "Seat", analyzing: "Analysing… (a few seconds)", analysisSummary: "{n} moves · inaccuracies: {inaccuracy} · mistakes: {mistake} · blunders: {blunder}", markedMove: "Step {step}: played {played}; the expert plays {best} (win chance −{drop}\u00a0%, {mark})", mark_inaccuracy: "inaccuracy", mark_mistake: "mistake", mark_blunder: "blunder", analysisGraph: "Win chance after each move of the seat", axisChance: "Win chance", axisStep: "Step", axisOwnMoves: "moves of {who}", markChip: "{step} · {mark}", markedMoves: "Marked moves: choose one to see it on the board", markDetail: "{mark}: the expert plays {best} (win chance −{drop}\u00a0%)",
    language: "Language", faces: "Cards", facesNumbers: "Skip-Bo numbers", facesCards: "Playing cards",
    yourName: "Your name", createTitle: "Create a table", players: "Players", stockSize: "Stock pile",
    playTo: "Play to", partnerships: "Partnerships", create: "Create table", joinTitle: "Join a table",
    code: "Code", join: "Join", watch: "Watch", defaultPh: "default", oneRoundPh: "one round",
    you: "You", openSeat: "open for a person", botSeat: "bot: {bot}", tableLabel: "Table",
    lobby: "Lobby", giveUpSeat: "Leave this table", replay: "Replay", draw: "Draw pile", completed: "Completed", colon: ": ", lastMoves: "Last moves",
    nextRound: "Next round", playAgain: "Play again", downloadRecord: "Download the record", endTurn: "End turn",
    stock: "stock pile", build: "building pile", discard: "discard pile", hand: "hand",
    partnerStock: "partner's stock pile", partnerDiscard: "partner's discard pile",
    stockCount: "stock pile {n}", handCount: "hand {n}", partner: "partner",
    seatN: "seat {n}", openSeatName: "(open seat)", youSuffix: "{name} (you)",
    watching: "You are watching.", needName: "Please enter your name first.",
    needCode: "Please enter a table code.", noTable: "There is no table with this code.",
    connecting: "connecting…", reconnecting: "reconnecting…", savingRetry: "The server cannot save moves right now: your move is sent again…", notSent: "Not connected right now: nothing was sent. Try again once the connection is back.", moveKept: "Not connected right now: your move is kept and sent as soon as the connection is back.", botsFailed: "Could not load the bot list: {e}",
    won: "{who} won the round: {points} points.", youWonPoints: "You won the round: {points} points.", forfeited: "{who} forfeited the round.",
    blocked: "The round is blocked: nobody can play on.", ended: "The round ended ({reason}).",
    winsMatch: "The match goes to {who}.",
    waiting: "Waiting for {n} more player(s): share the link.", roundOver: "The round is over.",
    pickTarget: "Now pick a lit pile (Enter, or drop the card there). Escape cancels.",
    yourTurn: "Your turn: a card ringed in gold (▲) fits a building pile; any hand card may be discarded, which ends your turn.",
    toMove: "{who} is to move.", moveEnd: "ends the turn",
    replayTitle: "Replay a round", replayFile: "Record file (.jsonl or .json)",
    replayTable: "A finished round of a table", round: "Round", load: "Show",
    first: "Start", prev: "Back", next: "Forward", last: "End",
    step: "Step {i} / {n}", dealt: "The deal.", replayHint: "Arrow keys ← → step through the round.",
    back: "Back to the game",
    // landing page
    heroTitle: "Skip-Bo, the card game", heroLead: "Be the first to empty your stock pile onto the building piles in the middle.",
    levelLabel: "Computer level", quickPlay: "Play against the computer", quickHint: "You and one computer player, one round, starts at once.",
    defaultName: "Player", myTables: "Your tables", backToTable: "Back to the table", backToTableN: "Back to table {code}",
    forgetTable: "Forget table {code}", withWho: "with {who}",
    phase_lobby: "waiting for players", phase_playing: "playing", phase_round_over: "round over", phase_match_over: "finished",
    howtoTitle: "How to play", howtoShort: "Play cards in order 1 to 12 on the building piles; the first to empty the stock pile wins the round.",
    areasPicture: "The table: your stock pile, your hand, your discard piles, the building piles and the draw pile",
    buildPiles: "building piles", discardPiles: "discard piles",
    createHint: "Play with friends (share the link) or with several computer players.",
    playToHelp: "Play to: rounds are played until someone reaches this score. The round winner scores 25 points plus 5 for every card left in the other players' stock piles. Empty: a single round.",
    turnTimer: "Turn timer", noTimer: "No timer", seconds: "{n} seconds",
    level_random: "random", level_easy: "easy", level_medium: "medium", level_greedy: "greedy", level_hard: "hard", level_expert: "expert", level_combo: "combo", level_planner: "planner",
    settings: "Settings", paceLabel: "Speed of the other players' moves", paceSlow: "Slow", paceNormal: "Normal", paceFast: "Fast",
    paceInstant: "No animation", soundLabel: "Sounds: a card placed, your turn, a round won", skipToContent: "Skip to the game",
    offlineTitle: "You are offline", serverAwayTitle: "The server cannot be reached", offlineText: "The game cannot reach its server, so no table can be shown now. Your tables are kept there, and this page comes back by itself as soon as the server answers.", offlineRetry: "Try again", notFoundTitle: "This page does not exist", notFoundText: "The address may be mistyped, or the link old. A table's link is the site's address, then # and the table's code.", notFoundHome: "Go to the lobby", notFoundTable: "Open table {code}",
    // the table
    waitTitle: "Waiting for players", shareHint: "Send this link to the people you want to play with:", copyLink: "Copy link",
    copied: "Copied", copyFailed: "Copy the link by hand", otherPlayers: "Other players", middleLabel: "Middle of the table",
    yourCards: "Your cards", yourHand: "Your hand", handEmpty: "Your hand: you draw 5 cards when your turn starts.", playersAndMoves: "Players & moves", playersTitle: "Players",
    showResult: "Result", resign: "Resign", resignTitle: "Resign?", resignConfirm: "Yes, resign", keepPlaying: "Keep playing",
    resignTwo: "The game ends now and the other side wins.", resignMany: "A bot plays your seat for the rest of the game and you watch.",
    resigned: "{who} resigned.", youResigned: "You resigned: you are watching.",
    botPlaysBanner: "A bot is playing for you.", takeBack: "Take back my seat", botPlaysForYou: "A bot is playing your turn for you.",
    presence_online: "online", presence_away: "away", presence_autopilot: "a bot plays for now", presence_open: "open seat",
    toMoveTag: "to play", ready: "ready",
    yourStock: "your stock pile", stockOf: "{who}'s stock pile", stockLabel: "{name}: top {top}, {count}",
    discardYour: "your discard pile {n}", discardOf: "{who}'s discard pile {n}",
    pileTop: "{name}: top {top}, {count}", pileEmpty: "{name}: empty", showPile: "Show all of {name} ({count})",
    buildN: "building pile {n}", needs: "needs {n}", needsOne: "empty, needs 1", needsShort: "next {n}", wildOnTop: "a Skip-Bo card on top",
    playHere: "Play here", discardHere: "Discard here", tapAgain: "Tap again to discard",
    handCard: "hand card {card}", wildCard: "Skip-Bo (wild)", ace: "ace", jack: "jack", queen: "queen", top: "top",
    drawLabel: "draw pile: {count}", completedLabel: "completed building piles: {count}",
    pickTargetHand: "Tap a lit building pile, or “Discard here” (ends your turn).",
    pendingDiscard: "Discarding {card} onto {pile}: this ends your turn.",
    pendingHint: "Your discard is about to be sent: Undo, or tap the pile again to send it now.",
    undo: "Undo", discardNow: "Discard now", yourTurnShort: "Your turn.", titleYourTurn: "Your turn",
    timeLeft: "{who}: {t}", timeLeftYou: "Your time: {t}",
    oneRound: "One round.", playingTo: "Playing to {n} points.", matchTotal: "match total",
    matchOver: "The game is over.", matchOverTitle: "Game over", roundOverTitle: "Round {n} is over",
    colPlayer: "Player", colStock: "Cards left in stock", colRound: "Points this round", colTotal: "Match total",
    winner: "winner", rematch: "Rematch", waitingOthers: "Waiting for the others…", readyHint: "The next round starts when everyone is ready.",
    readyList: "Ready: {who}.", waitingFor: "Waiting for {who}.", seeTable: "See the table", close: "Close",
    stepSlider: "Step", handOf: "{who}'s hand", handsNote: "The hands are shown once the round is over.",
    readyHintMatch: "A rematch starts when everyone is ready.",
    tableHeading: "Skip-Bo table",
    oneCard: "1 card", nCards: "{n} cards",
    newGame: "New game", analyzeMine: "Analyze my moves", nobodyWon: "Nobody won", youWon: "You won!", youLost: "You lost", whoWon: "{who} won", youWonMatch: "You won the match!", youLostMatch: "You lost the match", whoWonMatch: "{who} won the match", youWonRound: "You won round {n}", youLostRound: "You lost round {n}", whoWonRound: "{who} won round {n}", seriesTally: "Games at this table ({n}): {tally}",
    tapAgainShort: "Tap again",
    whyStarts: "starts building pile {n}",
    fitsBuild: "fits a building pile", yourTurnNoBuild: "Your turn: nothing fits a building pile; discard a hand card to end your turn.", oneTapLabel: "One tap plays a card that fits only one building pile (drag it to discard it)", whyStock: "plays your stock card", whyPartnerStock: "plays your partner's stock card", whyCompletes: "completes building pile {n}: it leaves the table", whyOpensStock: "then building pile {n} takes your stock card's {v}", whyFrees: "frees {pile}: the {v} under it comes up", whyEmpties: "empties {pile}", whyHand: "gets a card out of your hand: an empty hand draws five new cards", whyKeepsForStock: "keeps your {v} for the stock's {s}", whyCountsDown: "puts the {v} on the {top}: they come back in order", whySame: "puts the {v} with the other {v}", whyNewPile: "starts discard pile {n}", whyLeast: "the {v} is the card you need least now",
    discardsCard: "discards {card}",
    tapAgainClick: "Click again to discard", pickTargetHandClick: "Click a lit building pile, or “Discard here” (ends your turn).", pendingHintClick: "Your discard is about to be sent: Undo, or click the pile again to send it now.", tapAgainShortClick: "Click again",
    discardUndone: "Discard undone: the card is still picked.",
    resignedBot: "resigned: a bot ({bot}) plays", resignedNotice: "{who} resigned; a bot plays the seat.", youResignedNotice: "You resigned; a bot plays your seat.",
  },
  fr: {
    hint: "Conseil", hintText: "Conseil\u00a0: {move}", analyze: "Analyser", analysisSeat: "Place", analyzing: "Analyse… (quelques secondes)", analysisSummary: "{n} coups · imprécisions\u00a0: {inaccuracy} · erreurs\u00a0: {mistake} · gaffes\u00a0: {blunder}", markedMove: "Étape {step}\u00a0: joué {played}\u00a0; l'expert joue {best} (chance de gagner −{drop}\u00a0%, {mark})", mark_inaccuracy: "imprécision", mark_mistake: "erreur", mark_blunder: "gaffe", analysisGraph: "Chance de gagner après chaque coup de la place", axisChance: "Chance de gagner", axisStep: "Étape", axisOwnMoves: "coups de {who}", markChip: "{step} · {mark}", markedMoves: "Coups marqués\u00a0: choisissez-en un pour le voir sur la table", markDetail: "{mark}\u00a0: l'expert joue {best} (chance de gagner −{drop}\u00a0%)",
    language: "Langue", faces: "Cartes", facesNumbers: "Chiffres Skip-Bo", facesCards: "Cartes à jouer",
    yourName: "Votre nom", createTitle: "Créer une table", players: "Joueurs", stockSize: "Stock",
    playTo: "Jouer jusqu'à", partnerships: "Par équipes", create: "Créer la table", joinTitle: "Rejoindre une table",
    code: "Code", join: "Rejoindre", watch: "Regarder", defaultPh: "par défaut", oneRoundPh: "une manche",
    you: "Vous", openSeat: "place libre pour une personne", botSeat: "robot\u00a0: {bot}", tableLabel: "Table",
    lobby: "Accueil", giveUpSeat: "Quitter la table", replay: "Revoir", draw: "Pioche", completed: "Séries terminées", colon: "\u00a0: ", lastMoves: "Derniers coups",
    nextRound: "Manche suivante", playAgain: "Rejouer", downloadRecord: "Télécharger la partie", endTurn: "Finir le tour",
    stock: "stock", build: "série", discard: "défausse", hand: "main",
    partnerStock: "stock du coéquipier", partnerDiscard: "défausse du coéquipier",
    stockCount: "stock {n}", handCount: "main {n}", partner: "coéquipier",
    seatN: "place {n}", openSeatName: "(place libre)", youSuffix: "{name} (vous)",
    watching: "Vous regardez la partie.", needName: "Entrez d'abord votre nom.",
    needCode: "Entrez le code d'une table.", noTable: "Aucune table n'a ce code.",
    connecting: "connexion…", reconnecting: "reconnexion…", savingRetry: "Le serveur ne peut pas enregistrer les coups pour le moment\u00a0: votre coup est renvoyé…", notSent: "Pas de connexion pour le moment\u00a0: rien n'a été envoyé. Réessayez quand la connexion sera revenue.", moveKept: "Pas de connexion pour le moment\u00a0: votre coup est gardé et partira dès que la connexion sera revenue.", botsFailed: "Liste des robots indisponible\u00a0: {e}",
    won: "{who} gagne la manche\u00a0: {points} points.", youWonPoints: "Vous gagnez la manche\u00a0: {points} points.", forfeited: "{who} a déclaré forfait.",
    blocked: "La manche est bloquée\u00a0: personne ne peut plus jouer.", ended: "La manche est finie ({reason}).",
    winsMatch: "La partie est gagnée par {who}.",
    waiting: "Il manque {n} joueur(s)\u00a0: partagez le lien.", roundOver: "La manche est finie.",
    pickTarget: "Choisissez une pile éclairée (Entrée, ou déposez la carte). Échap annule.",
    yourTurn: "À vous\u00a0: une carte entourée d'or (▲) va sur une série\u00a0; toute carte de la main peut être défaussée, ce qui finit le tour.",
    toMove: "À {who} de jouer.", moveEnd: "finit son tour",
    replayTitle: "Revoir une manche", replayFile: "Fichier de partie (.jsonl ou .json)",
    replayTable: "Une manche finie d'une table", round: "Manche", load: "Afficher",
    first: "Début", prev: "Retour", next: "Avancer", last: "Fin",
    step: "Étape {i} / {n}", dealt: "La donne.", replayHint: "Flèches ← → pour avancer ou reculer.",
    back: "Retour au jeu",
    heroTitle: "Skip-Bo, le jeu de cartes", heroLead: "Soyez le premier à vider votre stock sur les séries au centre de la table.",
    levelLabel: "Niveau de l'ordinateur", quickPlay: "Jouer contre l'ordinateur", quickHint: "Vous et un joueur ordinateur, une manche, tout de suite.",
    defaultName: "Joueur", myTables: "Vos tables", backToTable: "Retour à la table", backToTableN: "Retour à la table {code}",
    forgetTable: "Oublier la table {code}", withWho: "avec {who}",
    phase_lobby: "en attente de joueurs", phase_playing: "en cours", phase_round_over: "manche finie", phase_match_over: "terminée",
    howtoTitle: "Comment jouer", howtoShort: "Posez les cartes dans l'ordre de 1 à 12 sur les séries\u00a0; le premier qui vide son stock gagne la manche.",
    areasPicture: "La table\u00a0: votre stock, votre main, vos défausses, les séries et la pioche",
    buildPiles: "séries", discardPiles: "défausses",
    createHint: "Jouez avec des amis (partagez le lien) ou avec plusieurs joueurs ordinateur.",
    playToHelp: "Jouer jusqu'à\u00a0: on joue des manches jusqu'à ce que quelqu'un atteigne ce score. Le gagnant d'une manche marque 25 points plus 5 par carte restée dans le stock des autres. Vide\u00a0: une seule manche.",
    turnTimer: "Temps par tour", noTimer: "Sans limite", seconds: "{n} secondes",
    level_random: "au hasard", level_easy: "facile", level_medium: "moyen", level_greedy: "gourmand", level_hard: "difficile", level_expert: "expert", level_combo: "combo", level_planner: "planificateur",
    settings: "Réglages", paceLabel: "Vitesse des coups des autres", paceSlow: "Lente", paceNormal: "Normale", paceFast: "Rapide",
    paceInstant: "Sans animation", soundLabel: "Sons\u00a0: une carte posée, votre tour, une manche gagnée", skipToContent: "Aller au jeu",
    offlineTitle: "Vous êtes hors ligne", serverAwayTitle: "Le serveur est injoignable", offlineText: "Le jeu ne peut pas joindre son serveur\u00a0: aucune table ne peut être affichée pour l'instant. Vos tables y sont gardées, et cette page revient d'elle-même dès que le serveur répond.", offlineRetry: "Réessayer", notFoundTitle: "Cette page n'existe pas", notFoundText: "L'adresse est peut-être mal tapée, ou le lien ancien. Le lien d'une table est l'adresse du site, puis # et le code de la table.", notFoundHome: "Aller à l'accueil", notFoundTable: "Ouvrir la table {code}",
    waitTitle: "En attente de joueurs", shareHint: "Envoyez ce lien aux personnes avec qui vous voulez jouer\u00a0:", copyLink: "Copier le lien",
    copied: "Copié", copyFailed: "Copiez le lien à la main", otherPlayers: "Les autres joueurs", middleLabel: "Le centre de la table",
    yourCards: "Vos cartes", yourHand: "Votre main", handEmpty: "Votre main\u00a0: vous piochez 5 cartes au début de votre tour.", playersAndMoves: "Joueurs et coups", playersTitle: "Joueurs",
    showResult: "Résultat", resign: "Abandonner", resignTitle: "Abandonner\u00a0?", resignConfirm: "Oui, abandonner", keepPlaying: "Continuer à jouer",
    resignTwo: "La partie s'arrête et l'autre camp gagne.", resignMany: "Un robot joue votre place jusqu'à la fin et vous regardez.",
    resigned: "{who} a abandonné.", youResigned: "Vous avez abandonné\u00a0: vous regardez la partie.",
    botPlaysBanner: "Un robot joue pour vous.", takeBack: "Reprendre ma place", botPlaysForYou: "Un robot joue votre tour à votre place.",
    presence_online: "en ligne", presence_away: "absent", presence_autopilot: "un robot joue pour l'instant", presence_open: "place libre",
    toMoveTag: "joue", ready: "prêt",
    yourStock: "votre stock", stockOf: "stock de {who}", stockLabel: "{name}\u00a0: dessus {top}, {count}",
    discardYour: "votre défausse {n}", discardOf: "défausse {n} de {who}",
    pileTop: "{name}\u00a0: dessus {top}, {count}", pileEmpty: "{name}\u00a0: vide", showPile: "Voir toute la {name} ({count})",
    buildN: "série {n}", needs: "attend {n}", needsOne: "vide, attend 1", needsShort: "attend {n}", wildOnTop: "un Skip-Bo dessus",
    playHere: "Poser ici", discardHere: "Dé\u00ADfaus\u00ADser ici", tapAgain: "Touchez encore pour défausser",
    handCard: "carte en main {card}", wildCard: "Skip-Bo (joker)", ace: "as", jack: "valet", queen: "dame", top: "dessus",
    drawLabel: "pioche\u00a0: {count}", completedLabel: "séries terminées\u00a0: {count}",
    pickTargetHand: "Touchez une série éclairée, ou «\u00a0Défausser ici\u00a0» (finit le tour).",
    pendingDiscard: "{card} va sur {pile}\u00a0: cela finit votre tour.",
    pendingHint: "Votre défausse part dans un instant\u00a0: Annuler, ou touchez la pile encore pour l'envoyer tout de suite.",
    undo: "Annuler", discardNow: "Défausser maintenant", yourTurnShort: "À vous.", titleYourTurn: "À vous de jouer",
    timeLeft: "{who}\u00a0: {t}", timeLeftYou: "Votre temps\u00a0: {t}",
    oneRound: "Une manche.", playingTo: "Partie en {n} points.", matchTotal: "total de la partie",
    matchOver: "La partie est finie.", matchOverTitle: "Partie finie", roundOverTitle: "Manche {n} finie",
    colPlayer: "Joueur", colStock: "Cartes restées au stock", colRound: "Points de la manche", colTotal: "Total de la partie",
    winner: "gagnant", rematch: "Revanche", waitingOthers: "On attend les autres…", readyHint: "La manche suivante commence quand tout le monde est prêt.",
    readyList: "Prêts\u00a0: {who}.", waitingFor: "On attend {who}.", seeTable: "Voir la table", close: "Fermer",
    stepSlider: "Étape", handOf: "main de {who}", handsNote: "Les mains sont montrées une fois la manche finie.",
    readyHintMatch: "La revanche commence quand tout le monde est prêt.",
    tableHeading: "Table de Skip-Bo",
    oneCard: "1 carte", nCards: "{n} cartes",
    newGame: "Nouvelle partie", analyzeMine: "Analyser mes coups", nobodyWon: "Personne n'a gagné", youWon: "Vous avez gagné\u00a0!", youLost: "Vous avez perdu", whoWon: "{who} a gagné", youWonMatch: "Vous gagnez la partie\u00a0!", youLostMatch: "Vous perdez la partie", whoWonMatch: "{who} gagne la partie", youWonRound: "Vous gagnez la manche {n}", youLostRound: "Vous perdez la manche {n}", whoWonRound: "{who} gagne la manche {n}", seriesTally: "Parties à cette table ({n})\u00a0: {tally}",
    tapAgainShort: "Tou\u00ADchez encore",
    whyStarts: "commence la série {n}",
    fitsBuild: "va sur une série", yourTurnNoBuild: "À vous\u00a0: rien ne va sur une série\u00a0; défaussez une carte de la main pour finir le tour.", oneTapLabel: "Une touche pose une carte qui ne va que sur une série (glissez-la pour la défausser)", whyStock: "joue la carte de votre stock", whyPartnerStock: "joue la carte du stock de votre coéquipier", whyCompletes: "termine la série {n}\u00a0: elle quitte la table", whyOpensStock: "ensuite la série {n} prend le {v} de votre stock", whyFrees: "libère {pile}\u00a0: le {v} dessous remonte", whyEmpties: "vide {pile}", whyHand: "sort une carte de votre main\u00a0: une main vide reprend cinq cartes", whyKeepsForStock: "garde votre {v} pour le {s} du stock", whyCountsDown: "pose le {v} sur le {top}\u00a0: ils reviendront dans l'ordre", whySame: "pose le {v} avec l'autre {v}", whyNewPile: "commence la défausse {n}", whyLeast: "le {v} est la carte dont vous avez le moins besoin",
    discardsCard: "met {card} en défausse",
    tapAgainClick: "Cliquez encore pour défausser", pickTargetHandClick: "Cliquez une série éclairée, ou «\u00a0Défausser ici\u00a0» (finit le tour).", pendingHintClick: "Votre défausse part dans un instant\u00a0: Annuler, ou cliquez la pile encore pour l'envoyer tout de suite.", tapAgainShortClick: "Cli\u00ADquez encore",
    discardUndone: "Défausse annulée\u00a0: la carte reste choisie.",
    resignedBot: "abandon\u00a0: un robot ({bot}) joue", resignedNotice: "{who} a abandonné\u00a0; un robot joue à sa place.", youResignedNotice: "Vous avez abandonné\u00a0; un robot joue à votre place.",
  },
  de: {
    hint: "Tipp", hintText: "Tipp: {move}", analyze: "Analysieren", analysisSeat: "Platz", analyzing: "Analyse… (einige Sekunden)", analysisSummary: "{n} Züge · Ungenauigkeiten: {inaccuracy} · Fehler: {mistake} · grobe Fehler: {blunder}", markedMove: "Schritt {step}: gespielt {played}; der Experte spielt {best} (Gewinnchance −{drop}\u00a0%, {mark})", mark_inaccuracy: "Ungenauigkeit", mark_mistake: "Fehler", mark_blunder: "grober Fehler", analysisGraph: "Gewinnchance nach jedem Zug des Platzes", axisChance: "Gewinnchance", axisStep: "Schritt", axisOwnMoves: "Züge von {who}", markChip: "{step} · {mark}", markedMoves: "Markierte Züge: wähle einen, um ihn auf dem Tisch zu sehen", markDetail: "{mark}: der Experte spielt {best} (Gewinnchance −{drop}\u00a0%)",
    language: "Sprache", faces: "Karten", facesNumbers: "Skip-Bo-Zahlen", facesCards: "Spielkarten",
    yourName: "Dein Name", createTitle: "Tisch eröffnen", players: "Spieler", stockSize: "Vorratsstapel",
    playTo: "Spielen bis", partnerships: "Partnerschaften", create: "Tisch eröffnen", joinTitle: "An einen Tisch setzen",
    code: "Code", join: "Mitspielen", watch: "Zuschauen", defaultPh: "Standard", oneRoundPh: "eine Runde",
    you: "Du", openSeat: "frei für eine Person", botSeat: "Bot: {bot}", tableLabel: "Tisch",
    lobby: "Lobby", giveUpSeat: "Tisch verlassen", replay: "Wiederholung", draw: "Nachziehstapel", completed: "Fertige Baustapel", colon: ": ", lastMoves: "Letzte Züge",
    nextRound: "Nächste Runde", playAgain: "Noch einmal", downloadRecord: "Partie herunterladen", endTurn: "Zug beenden",
    stock: "Vorratsstapel", build: "Baustapel", discard: "Ablagestapel", hand: "Hand",
    partnerStock: "Vorratsstapel des Partners", partnerDiscard: "Ablagestapel des Partners",
    stockCount: "Vorrat {n}", handCount: "Hand {n}", partner: "Partner",
    seatN: "Platz {n}", openSeatName: "(freier Platz)", youSuffix: "{name} (du)",
    watching: "Du schaust zu.", needName: "Bitte zuerst deinen Namen eingeben.",
    needCode: "Bitte einen Tisch-Code eingeben.", noTable: "Es gibt keinen Tisch mit diesem Code.",
    connecting: "verbinde…", reconnecting: "verbinde neu…", savingRetry: "Der Server kann gerade keine Züge speichern: Dein Zug wird erneut gesendet…", notSent: "Gerade keine Verbindung: nichts wurde gesendet. Bitte noch einmal versuchen, sobald die Verbindung wieder da ist.", moveKept: "Gerade keine Verbindung: Dein Zug wird aufbewahrt und gesendet, sobald die Verbindung wieder da ist.", botsFailed: "Bot-Liste nicht geladen: {e}",
    won: "{who} gewinnt die Runde: {points} Punkte.", youWonPoints: "Du gewinnst die Runde: {points} Punkte.", forfeited: "{who} hat die Runde aufgegeben.",
    blocked: "Die Runde ist blockiert: niemand kann weiterspielen.", ended: "Die Runde ist vorbei ({reason}).",
    winsMatch: "Das Spiel gewinnt: {who}.",
    waiting: "Es fehlen noch {n} Spieler: teile den Link.", roundOver: "Die Runde ist vorbei.",
    pickTarget: "Jetzt einen leuchtenden Stapel wählen (Enter, oder Karte dorthin ziehen). Esc bricht ab.",
    yourTurn: "Du bist dran: eine gold umrandete Karte (▲) passt auf einen Baustapel; jede Handkarte kann abgelegt werden, das beendet den Zug.",
    toMove: "{who} ist am Zug.", moveEnd: "beendet den Zug",
    replayTitle: "Runde ansehen", replayFile: "Spielprotokoll (.jsonl oder .json)",
    replayTable: "Eine beendete Runde eines Tisches", round: "Runde", load: "Zeigen",
    first: "Anfang", prev: "Zurück", next: "Weiter", last: "Ende",
    step: "Schritt {i} / {n}", dealt: "Das Austeilen.", replayHint: "Pfeiltasten ← → blättern durch die Runde.",
    back: "Zurück zum Spiel",
    heroTitle: "Skip-Bo, das Kartenspiel", heroLead: "Lege als Erster deinen Vorratsstapel auf die Baustapel in der Mitte ab.",
    levelLabel: "Stärke des Computers", quickPlay: "Gegen den Computer spielen", quickHint: "Du und ein Computerspieler, eine Runde, sofort los.",
    defaultName: "Spieler", myTables: "Deine Tische", backToTable: "Zurück an den Tisch", backToTableN: "Zurück an Tisch {code}",
    forgetTable: "Tisch {code} vergessen", withWho: "mit {who}",
    phase_lobby: "wartet auf Spieler", phase_playing: "läuft", phase_round_over: "Runde vorbei", phase_match_over: "beendet",
    howtoTitle: "So wird gespielt", howtoShort: "Lege Karten der Reihe nach von 1 bis 12 auf die Baustapel; wer zuerst den Vorratsstapel leert, gewinnt die Runde.",
    areasPicture: "Der Tisch: dein Vorratsstapel, deine Hand, deine Ablagestapel, die Baustapel und der Nachziehstapel",
    buildPiles: "Baustapel", discardPiles: "Ablagestapel",
    createHint: "Spiele mit Freunden (Link teilen) oder mit mehreren Computerspielern.",
    playToHelp: "Spielen bis: Es werden Runden gespielt, bis jemand diese Punktzahl erreicht. Der Rundensieger bekommt 25 Punkte und 5 für jede Karte, die in den Vorratsstapeln der anderen übrig ist. Leer: eine einzige Runde.",
    turnTimer: "Zeit pro Zug", noTimer: "Ohne Zeitlimit", seconds: "{n} Sekunden",
    level_random: "zufällig", level_easy: "leicht", level_medium: "mittel", level_greedy: "gierig", level_hard: "schwer", level_expert: "Experte", level_combo: "Kombo", level_planner: "Planer",
    settings: "Einstellungen", paceLabel: "Tempo der Züge der anderen", paceSlow: "Langsam", paceNormal: "Normal", paceFast: "Schnell",
    paceInstant: "Ohne Animation", soundLabel: "Töne: Karte gelegt, du bist dran, Runde gewonnen", skipToContent: "Zum Spiel springen",
    offlineTitle: "Du bist offline", serverAwayTitle: "Der Server ist nicht erreichbar", offlineText: "Das Spiel erreicht seinen Server nicht, darum kann jetzt kein Tisch gezeigt werden. Deine Tische bleiben dort erhalten, und diese Seite kommt von selbst zurück, sobald der Server antwortet.", offlineRetry: "Erneut versuchen", notFoundTitle: "Diese Seite gibt es nicht", notFoundText: "Die Adresse ist vielleicht vertippt oder der Link alt. Der Link eines Tisches ist die Adresse der Seite, dann # und der Code des Tisches.", notFoundHome: "Zur Lobby", notFoundTable: "Tisch {code} öffnen",
    waitTitle: "Warte auf Mitspieler", shareHint: "Schicke diesen Link an die Leute, mit denen du spielen willst:", copyLink: "Link kopieren",
    copied: "Kopiert", copyFailed: "Link bitte von Hand kopieren", otherPlayers: "Die anderen Spieler", middleLabel: "Die Tischmitte",
    yourCards: "Deine Karten", yourHand: "Deine Hand", handEmpty: "Deine Hand: Zu Beginn deines Zuges ziehst du 5 Karten.", playersAndMoves: "Spieler & Züge", playersTitle: "Spieler",
    showResult: "Ergebnis", resign: "Aufgeben", resignTitle: "Aufgeben?", resignConfirm: "Ja, aufgeben", keepPlaying: "Weiterspielen",
    resignTwo: "Das Spiel endet jetzt und die andere Seite gewinnt.", resignMany: "Ein Bot spielt deinen Platz bis zum Ende, und du schaust zu.",
    resigned: "{who} hat aufgegeben.", youResigned: "Du hast aufgegeben: du schaust zu.",
    botPlaysBanner: "Ein Bot spielt für dich.", takeBack: "Meinen Platz zurücknehmen", botPlaysForYou: "Ein Bot spielt deinen Zug für dich.",
    presence_online: "online", presence_away: "abwesend", presence_autopilot: "ein Bot spielt vorerst", presence_open: "freier Platz",
    toMoveTag: "am Zug", ready: "bereit",
    yourStock: "dein Vorratsstapel", stockOf: "Vorratsstapel von {who}", stockLabel: "{name}: oben {top}, {count}",
    discardYour: "dein Ablagestapel {n}", discardOf: "Ablagestapel {n} von {who}",
    pileTop: "{name}: oben {top}, {count}", pileEmpty: "{name}: leer", showPile: "Ganzen {name} zeigen ({count})",
    buildN: "Baustapel {n}", needs: "braucht {n}", needsOne: "leer, braucht 1", needsShort: "nächste {n}", wildOnTop: "oben ein Skip-Bo",
    playHere: "Hier ablegen", discardHere: "Hier ab\u00ADwer\u00ADfen", tapAgain: "Nochmal tippen zum Abwerfen",
    handCard: "Handkarte {card}", wildCard: "Skip-Bo (Joker)", ace: "Ass", jack: "Bube", queen: "Dame", top: "oben",
    drawLabel: "Nachziehstapel: {count}", completedLabel: "fertige Baustapel: {count}",
    pickTargetHand: "Tippe einen leuchtenden Baustapel an, oder „Hier abwerfen“ (beendet den Zug).",
    pendingDiscard: "{card} kommt auf {pile}: das beendet deinen Zug.",
    pendingHint: "Dein Abwurf wird gleich gesendet: Rückgängig, oder den Stapel nochmal antippen, um ihn sofort zu senden.",
    undo: "Rückgängig", discardNow: "Jetzt abwerfen", yourTurnShort: "Du bist dran.", titleYourTurn: "Du bist dran",
    timeLeft: "{who}: {t}", timeLeftYou: "Deine Zeit: {t}",
    oneRound: "Eine Runde.", playingTo: "Gespielt wird bis {n} Punkte.", matchTotal: "Gesamtpunkte",
    matchOver: "Das Spiel ist vorbei.", matchOverTitle: "Spiel vorbei", roundOverTitle: "Runde {n} ist vorbei",
    colPlayer: "Spieler", colStock: "Karten im Vorrats\u00ADstapel", colRound: "Punkte dieser Runde", colTotal: "Gesamt",
    winner: "Sieger", rematch: "Revanche", waitingOthers: "Warte auf die anderen…", readyHint: "Die nächste Runde beginnt, wenn alle bereit sind.",
    readyList: "Bereit: {who}.", waitingFor: "Warte auf {who}.", seeTable: "Tisch ansehen", close: "Schließen",
    stepSlider: "Schritt", handOf: "Hand von {who}", handsNote: "Die Hände werden gezeigt, sobald die Runde vorbei ist.",
    readyHintMatch: "Die Revanche beginnt, wenn alle bereit sind.",
    tableHeading: "Skip-Bo-Tisch",
    oneCard: "1 Karte", nCards: "{n} Karten",
    newGame: "Neues Spiel", analyzeMine: "Meine Züge analysieren", nobodyWon: "Niemand hat gewonnen", youWon: "Du hast gewonnen!", youLost: "Du hast verloren", whoWon: "{who} hat gewonnen", youWonMatch: "Du gewinnst das Spiel!", youLostMatch: "Du verlierst das Spiel", whoWonMatch: "{who} gewinnt das Spiel", youWonRound: "Du gewinnst Runde {n}", youLostRound: "Du verlierst Runde {n}", whoWonRound: "{who} gewinnt Runde {n}", seriesTally: "Spiele an diesem Tisch ({n}): {tally}",
    tapAgainShort: "Noch\u00ADmal tip\u00ADpen",
    whyStarts: "beginnt Baustapel {n}",
    fitsBuild: "passt auf einen Baustapel", yourTurnNoBuild: "Du bist dran: nichts passt auf einen Baustapel; lege eine Handkarte ab, um den Zug zu beenden.", oneTapLabel: "Ein Tippen legt eine Karte, die nur auf einen Baustapel passt (zum Ablegen ziehen)", whyStock: "spielt die Karte deines Vorratsstapels", whyPartnerStock: "spielt die Karte vom Vorratsstapel deines Partners", whyCompletes: "vollendet Baustapel {n}: er verlässt den Tisch", whyOpensStock: "danach nimmt Baustapel {n} die {v} deines Vorratsstapels", whyFrees: "macht {pile} frei: die {v} darunter kommt nach oben", whyEmpties: "leert {pile}", whyHand: "bringt eine Handkarte los: eine leere Hand zieht fünf neue Karten", whyKeepsForStock: "hält deine {v} für die {s} des Vorratsstapels bereit", whyCountsDown: "legt die {v} auf die {top}: sie kommen der Reihe nach zurück", whySame: "legt die {v} zur anderen {v}", whyNewPile: "beginnt Ablagestapel {n}", whyLeast: "die {v} brauchst du jetzt am wenigsten",
    discardsCard: "legt {card} ab",
    tapAgainClick: "Nochmal klicken zum Abwerfen", pickTargetHandClick: "Klicke einen leuchtenden Baustapel an, oder „Hier abwerfen“ (beendet den Zug).", pendingHintClick: "Dein Abwurf wird gleich gesendet: Rückgängig, oder den Stapel nochmal anklicken, um ihn sofort zu senden.", tapAgainShortClick: "Noch\u00ADmal kli\u00ADcken",
    discardUndone: "Abwurf rückgängig gemacht: die Karte bleibt gewählt.",
    resignedBot: "aufgegeben: ein Bot ({bot}) spielt", resignedNotice: "{who} hat aufgegeben; ein Bot übernimmt den Platz.", youResignedNotice: "Du hast aufgegeben; ein Bot übernimmt deinen Platz.",
  },
  nl: {
    hint: "Hint", hintText: "Hint: {move}", analyze: "Analyseren", analysisSeat: "Plaats", analyzing: "Analyseren… (enkele seconden)", analysisSummary: "{n} zetten · onnauwkeurigheden: {inaccuracy} · fouten: {mistake} · blunders: {blunder}", markedMove: "Stap {step}: gespeeld {played}; de expert speelt {best} (winkans −{drop}\u00a0%, {mark})", mark_inaccuracy: "onnauwkeurigheid", mark_mistake: "fout", mark_blunder: "blunder", analysisGraph: "Winkans na elke zet van de plaats", axisChance: "Winkans", axisStep: "Stap", axisOwnMoves: "zetten van {who}", markChip: "{step} · {mark}", markedMoves: "Gemarkeerde zetten: kies er een om hem op de tafel te zien", markDetail: "{mark}: de expert speelt {best} (winkans −{drop}\u00a0%)",
    language: "Taal", faces: "Kaarten", facesNumbers: "Skip-Bo-getallen", facesCards: "Speelkaarten",
    yourName: "Je naam", createTitle: "Tafel openen", players: "Spelers", stockSize: "Stok",
    playTo: "Spelen tot", partnerships: "In teams", create: "Tafel openen", joinTitle: "Aanschuiven aan een tafel",
    code: "Code", join: "Meedoen", watch: "Kijken", defaultPh: "standaard", oneRoundPh: "één ronde",
    you: "Jij", openSeat: "vrij voor een persoon", botSeat: "bot: {bot}", tableLabel: "Tafel",
    lobby: "Lobby", giveUpSeat: "Tafel verlaten", replay: "Terugkijken", draw: "Trekstapel", completed: "Voltooid", colon: ": ", lastMoves: "Laatste zetten",
    nextRound: "Volgende ronde", playAgain: "Nog eens", downloadRecord: "Partij downloaden", endTurn: "Beurt beëindigen",
    stock: "stok", build: "bouwstapel", discard: "weggooistapel", hand: "hand",
    partnerStock: "stok van je partner", partnerDiscard: "weggooistapel van je partner",
    stockCount: "stok {n}", handCount: "hand {n}", partner: "partner",
    seatN: "plaats {n}", openSeatName: "(vrije plaats)", youSuffix: "{name} (jij)",
    watching: "Je kijkt mee.", needName: "Vul eerst je naam in.",
    needCode: "Vul een tafelcode in.", noTable: "Er is geen tafel met deze code.",
    connecting: "verbinden…", reconnecting: "opnieuw verbinden…", savingRetry: "De server kan nu geen zetten opslaan: je zet wordt opnieuw verstuurd…", notSent: "Nu geen verbinding: er is niets verstuurd. Probeer het opnieuw zodra de verbinding terug is.", moveKept: "Nu geen verbinding: je zet wordt bewaard en verstuurd zodra de verbinding terug is.", botsFailed: "Botlijst niet geladen: {e}",
    won: "{who} wint de ronde: {points} punten.", youWonPoints: "Je wint de ronde: {points} punten.", forfeited: "{who} heeft de ronde opgegeven.",
    blocked: "De ronde zit vast: niemand kan verder.", ended: "De ronde is voorbij ({reason}).",
    winsMatch: "Het spel is gewonnen door {who}.",
    waiting: "Nog {n} speler(s) nodig: deel de link.", roundOver: "De ronde is voorbij.",
    pickTarget: "Kies nu een verlichte stapel (Enter, of sleep de kaart erheen). Esc annuleert.",
    yourTurn: "Jouw beurt: een goud omrande kaart (▲) past op een bouwstapel; elke handkaart mag weggegooid worden, dat beëindigt je beurt.",
    toMove: "{who} is aan de beurt.", moveEnd: "beëindigt de beurt",
    replayTitle: "Een ronde terugkijken", replayFile: "Spelverslag (.jsonl of .json)",
    replayTable: "Een afgelopen ronde van een tafel", round: "Ronde", load: "Tonen",
    first: "Begin", prev: "Terug", next: "Verder", last: "Einde",
    step: "Stap {i} / {n}", dealt: "Het delen.", replayHint: "Pijltjestoetsen ← → bladeren door de ronde.",
    back: "Terug naar het spel",
    heroTitle: "Skip-Bo, het kaartspel", heroLead: "Speel als eerste je stok leeg op de bouwstapels in het midden.",
    levelLabel: "Niveau van de computer", quickPlay: "Speel tegen de computer", quickHint: "Jij en één computerspeler, één ronde, meteen beginnen.",
    defaultName: "Speler", myTables: "Jouw tafels", backToTable: "Terug naar de tafel", backToTableN: "Terug naar tafel {code}",
    forgetTable: "Tafel {code} vergeten", withWho: "met {who}",
    phase_lobby: "wacht op spelers", phase_playing: "bezig", phase_round_over: "ronde voorbij", phase_match_over: "afgelopen",
    howtoTitle: "Zo speel je", howtoShort: "Leg kaarten op volgorde van 1 tot 12 op de bouwstapels; wie als eerste de stok leeg heeft, wint de ronde.",
    areasPicture: "De tafel: je stok, je hand, je weggooistapels, de bouwstapels en de trekstapel",
    buildPiles: "bouwstapels", discardPiles: "weggooistapels",
    createHint: "Speel met vrienden (deel de link) of met meerdere computerspelers.",
    playToHelp: "Spelen tot: er worden rondes gespeeld tot iemand deze score haalt. De winnaar van een ronde krijgt 25 punten plus 5 voor elke kaart die nog in de stok van de anderen zit. Leeg: één ronde.",
    turnTimer: "Tijd per beurt", noTimer: "Geen tijdslimiet", seconds: "{n} seconden",
    level_random: "willekeurig", level_easy: "makkelijk", level_medium: "gemiddeld", level_greedy: "gretig", level_hard: "moeilijk", level_expert: "expert", level_combo: "combo", level_planner: "planner",
    settings: "Instellingen", paceLabel: "Tempo van de zetten van anderen", paceSlow: "Langzaam", paceNormal: "Normaal", paceFast: "Snel",
    paceInstant: "Zonder animatie", soundLabel: "Geluiden: kaart gelegd, jouw beurt, ronde gewonnen", skipToContent: "Naar het spel",
    offlineTitle: "Je bent offline", serverAwayTitle: "De server is niet bereikbaar", offlineText: "Het spel kan zijn server niet bereiken, dus er kan nu geen tafel getoond worden. Je tafels blijven daar bewaard, en deze pagina komt vanzelf terug zodra de server antwoordt.", offlineRetry: "Opnieuw proberen", notFoundTitle: "Deze pagina bestaat niet", notFoundText: "Het adres is misschien verkeerd getypt, of de link is oud. De link van een tafel is het adres van de site, dan # en de code van de tafel.", notFoundHome: "Naar de lobby", notFoundTable: "Tafel {code} openen",
    waitTitle: "Wachten op spelers", shareHint: "Stuur deze link naar de mensen met wie je wilt spelen:", copyLink: "Link kopiëren",
    copied: "Gekopieerd", copyFailed: "Kopieer de link met de hand", otherPlayers: "De andere spelers", middleLabel: "Het midden van de tafel",
    yourCards: "Jouw kaarten", yourHand: "Jouw hand", handEmpty: "Jouw hand: je trekt 5 kaarten als je beurt begint.", playersAndMoves: "Spelers & zetten", playersTitle: "Spelers",
    showResult: "Uitslag", resign: "Opgeven", resignTitle: "Opgeven?", resignConfirm: "Ja, opgeven", keepPlaying: "Verder spelen",
    resignTwo: "Het spel stopt nu en de andere kant wint.", resignMany: "Een bot speelt jouw plaats tot het einde en jij kijkt mee.",
    resigned: "{who} heeft opgegeven.", youResigned: "Je hebt opgegeven: je kijkt mee.",
    botPlaysBanner: "Een bot speelt voor jou.", takeBack: "Mijn plaats terugnemen", botPlaysForYou: "Een bot speelt jouw beurt voor je.",
    presence_online: "online", presence_away: "afwezig", presence_autopilot: "een bot speelt voorlopig", presence_open: "vrije plaats",
    toMoveTag: "aan zet", ready: "klaar",
    yourStock: "jouw stok", stockOf: "stok van {who}", stockLabel: "{name}: bovenop {top}, {count}",
    discardYour: "jouw weggooistapel {n}", discardOf: "weggooistapel {n} van {who}",
    pileTop: "{name}: bovenop {top}, {count}", pileEmpty: "{name}: leeg", showPile: "Hele {name} tonen ({count})",
    buildN: "bouwstapel {n}", needs: "heeft {n} nodig", needsOne: "leeg, heeft 1 nodig", needsShort: "nodig {n}", wildOnTop: "bovenop een Skip-Bo",
    playHere: "Hier leggen", discardHere: "Hier weg\u00ADgooien", tapAgain: "Tik nog eens om weg te gooien",
    handCard: "handkaart {card}", wildCard: "Skip-Bo (joker)", ace: "aas", jack: "boer", queen: "vrouw", top: "bovenop",
    drawLabel: "trekstapel: {count}", completedLabel: "voltooide bouwstapels: {count}",
    pickTargetHand: "Tik een verlichte bouwstapel aan, of „Hier weggooien” (beëindigt je beurt).",
    pendingDiscard: "{card} gaat op {pile}: dat beëindigt je beurt.",
    pendingHint: "Je kaart wordt zo weggegooid: Ongedaan maken, of tik nog eens op de stapel om meteen te sturen.",
    undo: "Ongedaan maken", discardNow: "Nu weggooien", yourTurnShort: "Jouw beurt.", titleYourTurn: "Jouw beurt",
    timeLeft: "{who}: {t}", timeLeftYou: "Jouw tijd: {t}",
    oneRound: "Eén ronde.", playingTo: "Gespeeld tot {n} punten.", matchTotal: "totaal",
    matchOver: "Het spel is afgelopen.", matchOverTitle: "Spel afgelopen", roundOverTitle: "Ronde {n} is voorbij",
    colPlayer: "Speler", colStock: "Kaarten over in de stok", colRound: "Punten deze ronde", colTotal: "Totaal",
    winner: "winnaar", rematch: "Revanche", waitingOthers: "Wachten op de anderen…", readyHint: "De volgende ronde begint als iedereen klaar is.",
    readyList: "Klaar: {who}.", waitingFor: "Wachten op {who}.", seeTable: "Tafel bekijken", close: "Sluiten",
    stepSlider: "Stap", handOf: "hand van {who}", handsNote: "De handen worden getoond zodra de ronde voorbij is.",
    readyHintMatch: "De revanche begint als iedereen klaar is.",
    tableHeading: "Skip-Bo-tafel",
    oneCard: "1 kaart", nCards: "{n} kaarten",
    newGame: "Nieuw spel", analyzeMine: "Mijn zetten analyseren", nobodyWon: "Niemand heeft gewonnen", youWon: "Je hebt gewonnen!", youLost: "Je hebt verloren", whoWon: "{who} heeft gewonnen", youWonMatch: "Je wint het spel!", youLostMatch: "Je verliest het spel", whoWonMatch: "{who} wint het spel", youWonRound: "Je wint ronde {n}", youLostRound: "Je verliest ronde {n}", whoWonRound: "{who} wint ronde {n}", seriesTally: "Spellen aan deze tafel ({n}): {tally}",
    tapAgainShort: "Nog eens tikken",
    whyStarts: "begint bouwstapel {n}",
    fitsBuild: "past op een bouwstapel", yourTurnNoBuild: "Jouw beurt: niets past op een bouwstapel; gooi een handkaart weg om je beurt te beëindigen.", oneTapLabel: "Eén tik legt een kaart die maar op één bouwstapel past (sleep hem om weg te gooien)", whyStock: "speelt de kaart van je stok", whyPartnerStock: "speelt de kaart van de stok van je partner", whyCompletes: "maakt bouwstapel {n} af: hij gaat van tafel", whyOpensStock: "daarna neemt bouwstapel {n} de {v} van je stok", whyFrees: "maakt {pile} vrij: de {v} eronder komt boven", whyEmpties: "maakt {pile} leeg", whyHand: "speelt een handkaart weg: een lege hand trekt vijf nieuwe kaarten", whyKeepsForStock: "bewaart je {v} voor de {s} van je stok", whyCountsDown: "legt de {v} op de {top}: ze komen op volgorde terug", whySame: "legt de {v} bij de andere {v}", whyNewPile: "begint weggooistapel {n}", whyLeast: "de {v} heb je nu het minst nodig",
    discardsCard: "gooit {card} weg",
    tapAgainClick: "Klik nog eens om weg te gooien", pickTargetHandClick: "Klik een verlichte bouwstapel aan, of „Hier weggooien” (beëindigt je beurt).", pendingHintClick: "Je kaart wordt zo weggegooid: Ongedaan maken, of klik nog eens op de stapel om meteen te sturen.", tapAgainShortClick: "Nog eens klikken",
    discardUndone: "Weggooien ongedaan gemaakt: de kaart blijft gekozen.",
    resignedBot: "opgegeven: een bot ({bot}) speelt", resignedNotice: "{who} heeft opgegeven; een bot neemt de plaats over.", youResignedNotice: "Je hebt opgegeven; een bot neemt je plaats over.",
  },
};

/**
 * The chosen language: remembered, else the browser's, else English.
 * @returns {string}
 */
function initialLanguage() {
  const stored = localStorage.getItem("skipbo.lang");
  if (stored && TEXTS[stored]) return stored;
  const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
  return TEXTS[browser] ? browser : "en";
}

export let language = initialLanguage();

/**
 * The language chosen in the settings, for every later t().
 * @param {string} code
 */
export function setLanguage(code) {
  language = code;
}

/**
 * One text in the chosen language, "{name}" filled from params (English as fallback).
 * A number of cards, "{count}" in a text, is filled in from "n": "1 card", "7 cards".
 * @param {string} key
 * @param {TextParams} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  const all = "n" in params && !("count" in params) ? { ...params, count: cardCount(params.n) } : params;
  return fill(TEXTS[language][key] ?? TEXTS.en[key] ?? key, all);
}

/**
 * A number of cards in words: "1 card", "7 cards".
 * @param {string | number | undefined} n
 * @returns {string}
 */
function cardCount(n) {
  const key = Number(n) === 1 ? "oneCard" : "nCards";
  return fill(TEXTS[language][key] ?? TEXTS.en[key], { n });
}

/**
 * "{who}: {what}" in the page's language: the translated colon (French sets a no-break
 * space before it), so a name and what it did or holds read as one.
 * @param {string} who
 * @param {string} what
 * @returns {string}
 */
export function colonJoin(who, what) {
  return `${who}${t("colon")}${what}`;
}

/**
 * "{name}" in a text filled from params (also used for errors.js's texts).
 * @param {string} text
 * @param {TextParams} params
 * @returns {string}
 */
function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// The fixed texts of index.html: data-i18n sets textContent, data-i18n-ph a placeholder.
export function translateStatic() {
  document.documentElement.lang = language;
  // Each selector picks only the nodes that carry the attribute read; a placeholder is an input's.
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-i18n]"))) {
    node.textContent = t(/** @type {string} */ (node.dataset.i18n));
  }
  for (const node of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("[data-i18n-ph]"))) {
    node.placeholder = t(/** @type {string} */ (node.dataset.i18nPh));
  }
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-i18n-label]"))) {
    node.setAttribute("aria-label", t(/** @type {string} */ (node.dataset.i18nLabel)));
  }
}
