#!/usr/bin/env python3
"""A complete UMI engine in one file, standard library only: copy it and replace choose_move().

It knows the rules of Kalah (kalah, kalah(m,n), kalah(m,n,empty)) itself, so it can follow any
position the arena sends, and plays a random legal move. Run it by hand to see the protocol:

    $ python3 bots/python/minimal_bot.py
    umi                                  <- you type
    id name minimal-bot ... umiok        <- it answers
    position startpos kalah(6,4) moves 3
    go
    bestmove 5
"""
import random
import re
import sys

# --- Kalah rules --------------------------------------------------------------------------
# The board is a list: South pits 0..m-1, South store m, North pits m+1..2m, North store 2m+1.
# Sowing goes counter-clockwise (index + 1) and skips the opponent's store.


class Kalah:
    def __init__(self, pits=6, seeds=4, empty_capture=False):
        self.m, self.empty_capture = pits, empty_capture
        self.board = ([seeds] * pits + [0]) * 2
        self.side = 0          # 0 = South, 1 = North
        self.over = False

    @classmethod
    def from_spec(cls, spec):
        if spec == "kalah":
            return cls()
        match = re.fullmatch(r"kalah\((\d+),(\d+)(,empty)?\)", spec)
        if not match:
            raise ValueError("unsupported variant '%s'" % spec)
        return cls(int(match.group(1)), int(match.group(2)), bool(match.group(3)))

    @classmethod
    def from_notation(cls, fields):
        # "kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s"
        if len(fields) != 4:
            raise ValueError("a kalah position has 4 fields")
        game = cls.from_spec(fields[0])
        rows = []
        for field in fields[1:3]:
            pits, store = field.split(":")
            rows.append([int(x) for x in pits.split(",")] + [int(store)])
        if any(len(r) != game.m + 1 for r in rows):
            raise ValueError("wrong number of pits")
        game.board = rows[0] + rows[1]
        game.side = {"s": 0, "n": 1, "-": 0}[fields[3]]
        game.over = fields[3] == "-"
        return game

    def first(self, side):
        return 0 if side == 0 else self.m + 1

    def store(self, side):
        return self.m if side == 0 else 2 * self.m + 1

    def legal_moves(self):
        """Pit numbers 1..m from the mover's own left, as the protocol writes them."""
        if self.over:
            return []
        f = self.first(self.side)
        return [i + 1 for i in range(self.m) if self.board[f + i] > 0]

    def play(self, move):
        if move not in self.legal_moves():
            raise ValueError("illegal move %r" % move)
        me, b, m = self.side, self.board, self.m
        hole = self.first(me) + move - 1
        seeds, b[hole] = b[hole], 0
        while seeds:
            hole = (hole + 1) % (2 * m + 2)
            if hole == self.store(1 - me):
                continue
            b[hole] += 1
            seeds -= 1
        own_row = self.first(me) <= hole < self.first(me) + m
        if own_row and b[hole] == 1:
            opposite = 2 * m - hole
            if b[opposite] or self.empty_capture:
                b[self.store(me)] += b[opposite] + 1
                b[opposite] = b[hole] = 0
        south_empty = not any(b[0:m])
        north_empty = not any(b[m + 1:2 * m + 1])
        if south_empty or north_empty:     # each player keeps the seeds on their own side
            for side in (0, 1):
                f = self.first(side)
                b[self.store(side)] += sum(b[f:f + m])
                b[f:f + m] = [0] * m
            self.over, self.side = True, 0
        elif hole != self.store(me):       # ending in the own store gives another turn
            self.side = 1 - me


# --- Your engine goes here ------------------------------------------------------------------

def choose_move(game, seed):
    # Random, but a function of the position and the Seed option only: the same position
    # always gets the same move, so tournaments with a fixed seed are reproducible.
    rng = random.Random(hash((seed, tuple(game.board), game.side)))
    return rng.choice(game.legal_moves())


# --- The protocol loop ----------------------------------------------------------------------

def parse_position(tokens):
    if len(tokens) >= 3 and tokens[1] == "startpos":
        game, rest = Kalah.from_spec(tokens[2]), tokens[3:]
    elif len(tokens) >= 3 and tokens[1] == "fen":
        end = tokens.index("moves") if "moves" in tokens else len(tokens)
        game, rest = Kalah.from_notation(tokens[2:end]), tokens[end:]
    else:
        raise ValueError("expected 'position startpos <variant>' or 'position fen <notation>'")
    if rest and rest[0] == "moves":
        for move in rest[1:]:
            game.play(int(move))
    return game


def main():
    seed = 0
    game = None

    def send(text):
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        tokens = line.split()
        if not tokens:
            continue
        command = tokens[0]
        if command == "umi":
            send("id name minimal-bot\nid author you\n"
                 "option name Seed type spin default 0 min 0 max 1000000\n"
                 "protocol 1\nvariants kalah\numiok")
        elif command == "isready":
            send("readyok")
        elif command == "setoption":
            if len(tokens) >= 5 and tokens[2] == "Seed" and tokens[3] == "value":
                seed = int(tokens[4])
        elif command == "position":
            try:
                game = parse_position(tokens)
            except (ValueError, KeyError) as error:
                game = None
                send("info string error: %s" % error)
        elif command == "go":
            if game is None or game.over:
                send("bestmove none")
            else:
                send("info depth 1 score seeds 0")
                send("bestmove %d" % choose_move(game, seed))
        elif command == "quit":
            break
        # newgame, stop, gameover, ponderhit: nothing to do for a bot that answers at once


if __name__ == "__main__":
    main()
