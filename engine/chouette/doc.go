// Package chouette keeps a chouette's books by the laws of the Backgammon
// Association of America ("Chouette", laws 1 to 12, in
// shared/rules/baa-laws-of-backgammon.txt): the members' ranks from the
// opening throw, the Man in the Box against the Captain and his partners,
// each partner's own answer to the box's doubles, the scores of the box with
// each adversary separately, and the rotation after every game.
//
// A Chouette is driven game by game, the way a board or a session file
// tells it: StartGame, then Double by the box or the captain answered by
// Take or Pass of everyone concerned, until Win, or passes, end the game.
// Replay plays a whole session file (the format of "gammon chouette").
//
// Where the laws leave a question open, the package chooses, and says so in
// the doc comment of the rule concerned, with the law's number:
//
//   - A captain who passes the box's double (law 9) "loses his position":
//     he goes to the end of the ranks at once, as a defeated captain would
//     (law 7). If the acting captain who replaced him (law 10) is defeated or
//     passes as well, he goes after him: members who lose their post rank
//     last in the order they lost it, and the defeated box after them.
//   - When the team wins after its captain passed, the acting captain, the
//     highest-ranking taker (law 10), is the captain law 6 makes the box.
//   - The box's partner (law 12) shares the box's result against each team
//     member equally, half each: scores may be half points. He leaves the
//     team for the game, keeps his rank, and is no one's to answer. The law
//     says the box "should select the person whom he has just defeated";
//     any member but the captain may be chosen.
//   - A captain's double binds his whole side (law 7): the box answers it
//     once, for all the team members still in the game. A box that passes is
//     defeated: he pays each of them the count before the double and retires
//     to the end of the ranks (law 6).
//   - Newcomers (law 4) who join together rank last in the order they
//     joined, after the members defeated in the game before (laws 6, 7:
//     "unless there be an added member").
package chouette
