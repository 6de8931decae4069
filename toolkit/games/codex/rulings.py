"""The rulings the codex engine takes where its sources are silent, ambiguous or disagree.

Each entry names the topic, states the ruling in our words and cites where the question
arises (a section of the rules or an item of the digest's ambiguity list). The catalog
publishes them and the as-built rules page lists them.
"""

from __future__ import annotations

RULINGS: tuple[dict[str, str], ...] = (
    {
        "topic": "event die before production",
        "ruling": (
            "The event die resolves first (ship and any attack, or progress draws and their hand-limit "
            "discards), then production or the 7, then Aqueduct bonuses; a 7 that follows the first "
            "attack already uses the robber."
        ),
        "source": "digest §7 item 4",
    },
    {
        "topic": "0-vs-0 defence",
        "ruling": (
            "A defence of strength 0 that holds is a tie among all players: no Defender token, every "
            "player chooses a deck (if any deck has cards)."
        ),
        "source": "digest §7 items 5-6",
    },
    {
        "topic": "victory timing",
        "ruling": (
            "Only the current player wins, checked after every applied action; off-turn crossings win "
            "when that player's turn begins."
        ),
        "source": "digest §7 items 9-10",
    },
    {
        "topic": "steal",
        "ruling": (
            "Uniform pick over the hand flattened lumber, brick, wool, grain, ore, coin, paper, cloth "
            "from stream '<seed>:steal:<stealOrdinal>:<victimId>' (draw 0); the ordinal advances once "
            "per card stolen; empty-handed players are never targets."
        ),
        "source": "rules §7.3, digest §6 item 5, §7 item 11",
    },
    {
        "topic": "order of several pillaged players",
        "ruling": (
            "Seat order from the current player; automatic downgrades apply at once, choices are "
            "queued."
        ),
        "source": "digest §7 item 8",
    },
    {
        "topic": "tied-defender draws over the hand limit",
        "ruling": (
            "A non-current player pushed above 4 progress cards by a tied-defender draw discards right "
            "after that draw."
        ),
        "source": "rules §6.2 (extended)",
    },
    {
        "topic": "sideways city piece",
        "ruling": (
            "Counts 1 VP, is not a city for attack strength or walls, and must be the next settlement "
            "upgraded."
        ),
        "source": "digest §7 item 22",
    },
    {
        "topic": "wall ceiling",
        "ruling": (
            "A wall needs a wall in supply and fewer than 3 walls on the board."
        ),
        "source": "digest §7 item 23",
    },
    {
        "topic": "resign",
        "ruling": (
            "Strict VP maximum among players who did not resign wins; a tie has no winner; a single "
            "remaining player wins."
        ),
        "source": "digest §7 item 25",
    },
    {
        "topic": "players",
        "ruling": (
            "1 to 4 seats; turn order after setup is the seat rotation from the first player."
        ),
        "source": "digest §7 items 14-15",
    },
    {
        "topic": "grand board",
        "ruling": (
            "Doubled standard mix plus one desert; 9 harbors on coastal slots 3, 9, 12, 17, 23, 26, 31,"
            " 37, 40; tokens by a seeded backtracking search with restarts."
        ),
        "source": "digest §7 item 13, §6 item 3",
    },
    {
        "topic": "harbor kinds",
        "ruling": (
            "The nine harbor kinds are shuffled onto the fixed slots from the stream 'harbors'; slots "
            "follow the captured real game (standard 2, 6, 8, 12, 16, 18, 22, 26, 28)."
        ),
        "source": "digest §5(b)",
    },
    {
        "topic": "longest road after setup road",
        "ruling": (
            "Recomputed after every setup road (harmless)."
        ),
        "source": "digest §5(h)",
    },
    {
        "topic": "metropolis hand-over",
        "ruling": (
            "A player who wins a metropolis from another keeps the old holder's marker in place until "
            "chooseMetropolisCity is answered; the answer moves it in one step. The choice opens even with "
            "a single eligible city."
        ),
        "source": "rules §13.3, digest §7 item 19",
    },
    {
        "topic": "Mason and Apothecary targets",
        "ruling": (
            "Both need their target in the play (track, intersectionId) and act at once; the cranePlayed and "
            "medicinePlayed flags never stay set and are cleared at turn end anyway."
        ),
        "source": "digest §7 item 17",
    },
    {
        "topic": "skipping a card",
        "ruling": (
            "playProgressCard with skip is accepted only for Wharfage and Tempering, or when the card has no "
            "legal effect payload; cards whose effect needs no payload (Aqueducts, Delving, Causeway) are "
            "played plainly, even for nothing."
        ),
        "source": "rules §14 Playing, digest §3 general rules",
    },
    {
        "topic": "free road placement",
        "ruling": (
            "roadBuildingPlace carries maySkip: false for Causeway (placement compulsory while a legal spot "
            "and a free road remain) and true only for the Diplomacy rebuild; skipRoadBuilding is refused "
            "otherwise. Causeway with no legal spot opens nothing."
        ),
        "source": "digest §7 item 24",
    },
    {
        "topic": "Tempering",
        "ruling": (
            "With no knight that could be promoted, Tempering opens nothing; smithingPromote closes after "
            "two promotions, on skip, or as soon as no further knight could be promoted."
        ),
        "source": "rules §14 Tempering (engine choice)",
    },
    {
        "topic": "Aqueduct and Aqueducts",
        "ruling": (
            "The science level-3 Aqueduct bonus (scienceLevel3Bonus) and the Aqueducts card "
            "(scienceIrrigation) are separate; the bonus follows a non-7 roll that paid a player nothing, "
            "blocked and shorted claims included."
        ),
        "source": "digest §7 items 16, 21",
    },
    {
        "topic": "progress-card candidates",
        "ruling": (
            "Candidates are listed once per card kind in hand (the first copy); Geomancer lists only pairs "
            "with different tokens unless no such pair exists. Every listed payload is legal."
        ),
        "source": "engine choice",
    },
    {
        "topic": "Levy and Embargo candidates",
        "ruling": (
            "Every resource (Levy) and every commodity (Embargo) is listed whatever anyone holds; the card "
            "is never suppressed and never skipped; naming a type nobody holds yields nothing."
        ),
        "source": "digest §7 item 18",
    },
    {
        "topic": "Wharfage",
        "ruling": (
            "Each play (re)opens one offer to every opponent for the turn. The resource and the returned "
            "commodity change hands when the target answers commercialHarborGive, whose targetPlayerId is "
            "that target. An offer to a player without commodities moves nothing and uses up the offer."
        ),
        "source": "rules §14 Wharfage (engine choice)",
    },
    {
        "topic": "Tribute against an empty hand",
        "ruling": "A richer opponent with no cards is a legal target; nothing is taken, no decision opens.",
        "source": "rules §14 Tribute",
    },
    {
        "topic": "Taxation order",
        "ruling": (
            "The robber moves, then one keyed steal per distinct opponent with a building on the hex, in "
            "seat order after the current player; an empty hand is skipped and uses no steal ordinal. Before "
            "the robber is active the card has no legal effect, so it can only be played with skip."
        ),
        "source": "rules §14 Taxation, digest §6 item 6, §7 item 11",
    },
    {
        "topic": "Betrothal givers",
        "ruling": (
            "Opponents with strictly more points (counted when the card is played) and at least one card "
            "give in seat order after the current player, one weddingGiveCards at a time; each gives "
            "min(2, hand) counted when their turn to give comes."
        ),
        "source": "digest §7 item 8",
    },
    {
        "topic": "Sabotage",
        "ruling": (
            "Opponents with points >= the actor's at the play owe floor(hand/2); one discardResources "
            "(source sabotage) covers them all; with nobody owing the card opens nothing."
        ),
        "source": "rules §14 Sabotage",
    },
    {
        "topic": "Treason placement",
        "ruling": (
            "treasonPlaceKnight opens only when the actor has a knight of equal or lower strength in supply "
            "and an empty corner beside their roads; maxLevel is the removed knight's strength (1-3). The "
            "new knight takes the removed one's active state and is not counted as activated this turn."
        ),
        "source": "rules §14 Treason (engine choice)",
    },
    {
        "topic": "Conspiracy retreat",
        "ruling": (
            "The retreat search starts from the corner the knight left, which is not itself a retreat spot; "
            "any opponent knight beside the actor's roads qualifies, whatever its strength."
        ),
        "source": "rules §14 Conspiracy, §10.6",
    },
    {
        "topic": "Diplomacy rebuild",
        "ruling": (
            "After removing an own road the free road may go anywhere legal, the same edge included; "
            "longest road is re-awarded after buildRoad or skipRoadBuilding, and at once when no spot "
            "exists or the road was someone else's."
        ),
        "source": "rules §11.4, §14 Diplomacy",
    },
    {
        "topic": "listed candidates",
        "ruling": (
            "legal_moves lists maritime trades for one wanted card only and at most 48 discard "
            "combinations; larger bundles are legal when submitted."
        ),
        "source": "engine choice",
    },
    {
        "topic": "standing wants: validator and move list",
        "ruling": (
            "Any player may set or clear a want in the roll or action phase, off-turn and with a decision "
            "open; the move list offers both only to the current player with nothing open."
        ),
        "source": "digest §7 item 3, rules §12.3",
    },
    {
        "topic": "standing want announced once",
        "ruling": (
            "A want is announced as takeable the first time some other player holds its want side; the "
            "bit resets when the want is posted again. The sweep also withdraws uncovered wants."
        ),
        "source": "rules §12.3 Lifecycle, digest §6 internal state",
    },
    {
        "topic": "auction bids",
        "ruling": (
            "A responder must hold what their bid gives when bidding; the proposer's side is checked at "
            "the award. A modified bid is noted once per responder and proposer in the turn's counters."
        ),
        "source": "rules §12.1 items 2-5",
    },
    {
        "topic": "who may act in an auction",
        "ruling": (
            "The proposer and every responder, except one who has passed and holds no card (nothing is "
            "left for them to send)."
        ),
        "source": "rules §12.1, §16 allowedPlayerIds",
    },
    {
        "topic": "auction outcome record",
        "ruling": (
            "Each ended auction leaves {auctionId, proposerId, ending taken|cancelled, accepterId?, "
            "targetPlayerId?, proposerGives, proposerReceives, responders}; a responder is accepted "
            "(at-terms bid), countered (other bid), declined (passed) or unanswered. Auction ids are "
            "'auction-<turn>-<n>'."
        ),
        "source": "digest §6 wire fields, engine choice",
    },
    {
        "topic": "listed proposals and bids",
        "ruling": (
            "Proposals: broadcast 1-for-1 then 2-for-1 of held types (at most 96), then targeted "
            "1-for-1 for the first 8 pairs; bundles already proposed to that audience this turn are "
            "left out. Bids: at terms, sweetened (+1 card given), asking +1 of an offered type, and "
            "swaps giving 1 card of a held type; only bids the responder covers."
        ),
        "source": "rules §12.1 candidates, engine choice",
    },
    {
        "topic": "rolling in a loaded position",
        "ruling": (
            "A position loaded from a player's view knows the decks only by size. Its next roll plays "
            "on when the event die draws nothing (the ship, or no player qualifies) or draws only cards "
            "already known; a roll that would hand out a card of unknown identity is refused as "
            "hidden_deck, and so is a tied defender's deck choice. Nothing is invented for the hidden "
            "order."
        ),
        "source": "rules §6.2, design §4 from_wire",
    },
    {
        "topic": "decisions open in a loaded position",
        "ruling": (
            "The work behind an open decision is rebuilt from the view: the rest of the roll (later "
            "tied defenders, pillages, hand-limit discards, then the 7 or production; Aqueduct bonuses "
            "for later players with no claim on the roll), the turn change after an end-of-turn "
            "discard, the robber after a 7's discards, the later Betrothal givers, and the target of "
            "Tribute and Espionage (the player whose progress hand matches the cards shown). Setup "
            "order comes from the roads placed so far. An answer needing what no view holds is "
            "refused with a hidden_* code: Wharfage's offered resource (hidden_offer), the knight "
            "waiting to retreat (hidden_knight), the state of the knight Treason removed "
            "(hidden_knight_state, placing none still allowed), the Causeway roads left when the "
            "player's own entry is redacted (hidden_free_roads), another player's hand (hidden_hand)."
        ),
        "source": "rules §16, digest §2, design §4 from_wire",
    },
    {
        "topic": "cards passed from a hidden hand",
        "ruling": (
            "When Wharfage (its offers and commercialHarborGive), Tribute (guildDuesChooseCards) or "
            "Betrothal (weddingGiveCards) moves cards chosen from a hidden hand, the giver and the taker see "
            "which cards moved; every other seat, and the spectator, learns only who gave how many "
            "cards to whom, as with a robber's steal, whose result the wire protocol tells only "
            "to thief and victim."
        ),
        "source": "rules §7.3 and Trade/Politics decks (Wharfage, Tribute, Betrothal), digest §5",
    },
)
