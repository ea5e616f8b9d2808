#!/usr/bin/env python3
"""A complete UMI engine in one file, standard library only: copy it and replace choose_move().

It knows the rules of Kalah (kalah, kalah(m,n), kalah(m,n,empty)) itself, checks its input as
PROTOCOL.md asks, and plays a legal move picked by a hash of the position and the Seed option.
Run it by hand to see the protocol:

    $ python3 bots/python/minimal_bot.py
    umi                                  <- you type
    id name minimal-bot                  <- it answers
    id author you
    option name Seed type spin default 0 min 0 max 2147483647
    protocol 1
    variants kalah
    umiok
    position startpos kalah(6,4) moves 3
    go depth 1
    info depth 1 score seeds 0
    bestmove 2
    quit
"""
import os
import re
import sys

MAX_LINE, MAX_SEED = 65536, 2147483647     # bytes per input line (without its ending); top Seed
REAL_LIMITS = {"stime", "ntime", "movetime", "depth", "nodes"}   # what ends a search by itself
NAME, VERSION = "minimal-bot", "0.1.0"     # a copy names itself; this one has the project's version
UMI_ANSWER = ("id name " + NAME, "id author you",
              "option name Seed type spin default 0 min 0 max %d" % MAX_SEED,
              "protocol 1", "variants kalah", "umiok")

# --- Kalah rules --------------------------------------------------------------------------
# The board is a list: South pits 0..m-1, South store m, North pits m+1..2m, North store 2m+1.
# Sowing goes counter-clockwise (index + 1) and skips the opponent's store.


class Kalah:
    def __init__(self, pits=6, seeds=4, empty_capture=False):
        self.m, self.n, self.empty_capture = pits, seeds, empty_capture
        self.board = ([seeds] * pits + [0]) * 2
        self.side = 0          # 0 = South, 1 = North
        self.over = False

    @classmethod
    def from_spec(cls, spec):
        """A variant spec (PROTOCOL.md 9.1): kalah, kalah(m,n) or kalah(m,n,empty)."""
        if spec == "kalah":
            return cls()
        match = re.fullmatch(r"kalah\(([0-9]{1,4}),([0-9]{1,4})(,empty)?\)", spec)
        if not match or not (1 <= int(match[1]) <= 8 and 1 <= int(match[2]) <= 12):
            raise ValueError("variant %s is not kalah(m,n[,empty]), m 1..8, n 1..12" % quote(spec))
        return cls(int(match[1]), int(match[2]), bool(match[3]))

    @classmethod
    def from_notation(cls, fields):
        """A position (PROTOCOL.md 9.3) split at blanks: kalah(6,4) 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s"""
        if len(fields) != 4 or len(" ".join(fields)) > 400:
            raise ValueError("a kalah position has 4 fields and at most 400 characters")
        game, board = cls.from_spec(fields[0]), []
        for field in fields[1:3]:          # m pit counts, then the store: 4,4,4,4,4,4:0
            if not re.fullmatch(r"([0-9]{1,4},){%d}[0-9]{1,4}:[0-9]{1,4}" % (game.m - 1), field):
                raise ValueError("row %s: need %d counts, ':', the store" % (quote(field), game.m))
            board += map(int, re.split("[,:]", field))
        if sum(board) != 2 * game.m * game.n:
            raise ValueError("the seeds add up to %d, not %d" % (sum(board), 2 * game.m * game.n))
        if fields[3] not in ("s", "n", "-"):
            raise ValueError("side %s is not s, n or -" % quote(fields[3]))
        game.board, game.side, game.over = board, int(fields[3] == "n"), fields[3] == "-"
        rows = any(board[:game.m]), any(board[game.m + 1:-1])      # is each row non-empty?
        if any(rows) if game.over else not all(rows):
            raise ValueError("side '-' needs both rows empty, side 's' or 'n' neither")
        return game

    def first(self, side):
        """The index of the side's pit 1; its store is at first + m."""
        return 0 if side == 0 else self.m + 1

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
        mine = self.first(me)
        hole = mine + move - 1
        seeds, b[hole] = b[hole], 0
        while seeds:
            hole = (hole + 1) % (2 * m + 2)
            if hole != self.first(1 - me) + m:          # skip the opponent's store
                b[hole] += 1
                seeds -= 1
        if mine <= hole < mine + m and b[hole] == 1:     # the last seed fell into an empty own pit
            opposite = 2 * m - hole
            if b[opposite] or self.empty_capture:
                b[mine + m] += b[opposite] + 1
                b[opposite] = b[hole] = 0
        if not any(b[0:m]) or not any(b[m + 1:2 * m + 1]):    # over: each keeps their own row
            for f in (0, m + 1):
                b[f + m] += sum(b[f:f + m])
                b[f:f + m] = [0] * m
            self.over, self.side = True, 0
        elif hole != mine + m:             # ending in the own store gives another turn
            self.side = 1 - me

    def describe(self):
        """The stable lines of 'd' (PROTOCOL.md 10)."""
        m, b, over = self.m, self.board, self.over
        rows = ["%s:%d" % (",".join(map(str, b[f:f + m])), b[f + m]) for f in (0, m + 1)]
        spec = "kalah(%d,%d%s)" % (m, self.n, ",empty" if self.empty_capture else "")
        side = "-" if over else "sn"[self.side]
        lines = ["notation %s %s %s %s" % (spec, rows[0], rows[1], side),
                 "tomove " + ("none" if over else ("south", "north")[self.side]),
                 " ".join(["legal"] + [str(x) for x in self.legal_moves()])]
        s, n = b[m], b[2 * m + 1]
        if over:
            winner = "south" if s > n else "north" if n > s else "draw"
            lines.append("result %s %d %d" % (winner, s, n))
        return lines


# --- Your engine goes here ------------------------------------------------------------------

def choose_move(game, seed):
    # A function of the position and the Seed option only (FNV-1a over seed, side and board):
    # the same position always gets the same move, on every Python version.
    h = 2166136261
    for x in [seed, game.side] + game.board:
        h = ((h ^ x) * 16777619) & 0xFFFFFFFF
    moves = game.legal_moves()
    return moves[h % len(moves)]


# --- The protocol loop ----------------------------------------------------------------------

def quote(text):
    """Untrusted text for an error line: at most 60 characters, control bytes as '?'."""
    return "'%s%s'" % (re.sub("[\x00-\x1f\x7f]", "?", text[:60]), "..." if len(text) > 60 else "")


def number(token, signed=False):
    """A decimal integer (signed only if allowed), else None; absurdly large ones are capped."""
    if not re.fullmatch("[+-]?[0-9]+" if signed else "[0-9]+", token):
        return None
    digits = token.lstrip("+-").lstrip("0")
    value = int(digits or "0") if len(digits) <= 18 else 10 ** 18
    return -value if token.startswith("-") else value


class Discarded:
    """An over-long input line: none of it runs, but a discarded position clears the position."""
    def __init__(self, head):
        self.head = head        # its first 16 bytes after leading blanks


def keep_head(head, piece):
    return (head + piece if head else piece.lstrip(b" \t"))[:16]


def read_lines(stream):
    """Yields input lines as bytes, ending at LF, CR or CR LF; a Discarded for an over-long line."""
    tail, head, after_cr = b"", None, False     # head is not None: the line is over-long
    while True:
        chunk = stream.read1(65536)
        if not chunk:                      # end of input: a last line without an ending counts
            if tail or head is not None:
                yield tail if head is None else Discarded(head)
            return
        if after_cr and chunk.startswith(b"\n"):
            chunk = chunk[1:]              # the LF of a CR LF split between two reads
        after_cr = chunk.endswith(b"\r")
        *lines, rest = re.split(rb"\r\n|\r|\n", chunk)
        for line in lines:
            if head is None and len(tail) + len(line) <= MAX_LINE:
                yield tail + line
            else:
                yield Discarded(keep_head(head or b"", tail + line))
            tail, head = b"", None
        tail += rest
        if head is not None or len(tail) > MAX_LINE:   # keep no more of it in memory
            tail, head = b"", keep_head(head or b"", tail)


def parse_position(tokens):
    """'position startpos <variant> [moves ...]' or 'position fen <notation> [moves ...]'."""
    end = tokens.index("moves") if "moves" in tokens else len(tokens)
    kind, head = tokens[1] if len(tokens) > 1 else "", tokens[2:end]
    if kind == "startpos" and len(head) == 1:
        game = Kalah.from_spec(head[0])
    elif kind == "fen" and head:
        game = Kalah.from_notation(head)
    else:
        raise ValueError("expected startpos <variant> or fen <notation>, then [moves ...]")
    for k, token in enumerate(tokens[end + 1:], 1):
        if not re.fullmatch("[0-9]{1,4}", token) or int(token) not in game.legal_moves():
            legal = " ".join(map(str, game.legal_moves())) or "none, the game is over"
            raise ValueError("move %d %s is not legal (legal: %s)" % (k, quote(token), legal))
        game.play(int(token))
    return game


def parse_go(args, game):
    """The limits of 'go' (PROTOCOL.md 3) as a dict; ValueError if malformed or no position."""
    limits, i = {}, 0
    while i < len(args):
        key = args[i]
        if key in limits:
            raise ValueError("%s given twice" % quote(key))
        if key in ("infinite", "ponder"):
            limits[key], i = True, i + 1
            continue
        if key not in ("stime", "ntime", "sinc", "ninc", "movestogo", "movetime", "depth", "nodes"):
            raise ValueError("unknown parameter %s" % quote(key))
        signed, low = key in ("stime", "ntime"), 0 if key in ("sinc", "ninc") else 1
        given = args[i + 1] if i + 1 < len(args) else ""
        value = number(given, signed)
        if value is None or (not signed and value < low) or (key == "depth" and value > 1000):
            wanted = "an integer" if signed else "1..1000" if key == "depth" else "%d or more" % low
            raise ValueError("%s needs %s, got %s" % (key, wanted, quote(given)))
        limits[key], i = value, i + 2
    if game is None:
        raise ValueError("no position (send position first)")
    clock = ("stime", "ntime")[game.side]      # (a finished game is answered before this matters)
    clocks_given = {"stime", "ntime"} & set(limits)
    if not game.over and clocks_given and clock not in limits and "infinite" not in limits:
        raise ValueError("the clock of the side to move (%s) is missing" % clock)
    return limits


def set_seed(text):
    """The new Seed from a 'setoption name <name> [value <value>]' line; ValueError if bad."""
    spans = list(re.finditer("[^ \t]+", text))
    words = [w.group() for w in spans]
    if len(words) < 3 or words[1] != "name":
        raise ValueError("expected 'setoption name <name> [value <value>]'")
    at = words.index("value", 2) if "value" in words[2:] else len(words)
    if " ".join(words[2:at]).lower() != "seed":     # option names ignore case
        raise ValueError("unknown option %s" % quote(" ".join(words[2:at])))
    value = text[spans[at].end():].strip(" \t") if at < len(words) else None
    seed = None if value is None else number(value, signed=True)     # spin values may be signed
    if seed is None or not 0 <= seed <= MAX_SEED:
        raise ValueError("Seed needs a value 0..%d, got %s" % (MAX_SEED, quote(value or "")))
    return seed


def send(*lines):
    for line in lines:      # flushed one by one: the GUI may be waiting for each
        sys.stdout.buffer.write(line.encode() + b"\n")
        sys.stdout.buffer.flush()


def answer(move):
    send("info depth 1 score seeds 0", "bestmove %d" % move)


def main():
    seed, game = 0, None
    pending = None      # a go waiting for stop: (its move, whether ponderhit answers it)
    for raw in read_lines(sys.stdin.buffer):
        if isinstance(raw, Discarded):
            if raw.head:       # (a line of blanks only is ignored, however long)
                send("info string error: line longer than 65536 bytes discarded")
                if re.match(rb"position(?:[ \t]|$)", raw.head):
                    game = None
            continue
        text = raw.decode("utf-8", "replace")
        tokens = re.findall("[^ \t]+", text)
        if not tokens:
            continue
        command, args = tokens[0], tokens[1:]
        extra = command in ("umi", "isready", "newgame", "stop", "ponderhit", "quit", "d") and args
        if extra:      # reported, then executed anyway (a second fault gets no second line)
            send("info string error: %s takes no arguments; ignored %s and after"
                 % (command, quote(args[0])))
        try:
            if command == "umi":
                send(*UMI_ANSWER)
            elif command == "isready":
                send("readyok")
            elif command in ("setoption", "newgame", "go") and pending:
                if not extra:
                    raise ValueError("not while searching (send stop first)")
            elif command == "setoption":
                seed = set_seed(text)
            elif command == "position":
                game = None    # a bad position leaves none
                game = parse_position(tokens)
            elif command == "go":
                limits = parse_go(args, game)
                if game.over:
                    send("bestmove none")
                elif "infinite" in limits or "ponder" in limits or not (REAL_LIMITS & set(limits)):
                    # answer on stop: sinc, ninc and movestogo alone are no limit (PROTOCOL.md 3)
                    limited = "ponder" in limits and "infinite" not in limits and bool(REAL_LIMITS & set(limits))
                    pending = (choose_move(game, seed), limited)    # limited: also on ponderhit
                else:
                    answer(choose_move(game, seed))
            elif command == "stop" or (command == "ponderhit" and pending and pending[1]):
                if pending:
                    answer(pending[0])
                    pending = None
            elif command == "d":
                if game:
                    send(*game.describe())
                elif not extra:
                    raise ValueError("no position (send position first)")
            elif command == "gameover":
                if len(args) < 3 or args[0] not in ("south", "north", "draw") or \
                        number(args[1]) is None or number(args[2]) is None:
                    raise ValueError("expected 'gameover <south|north|draw> <south-score> "
                                     "<north-score> [reason]'")
            elif command == "quit":
                break
            elif command not in ("newgame", "ponderhit"):
                send("info string error: unknown command %s" % quote(command))
        except ValueError as error:
            send("info string error: %s: %s" % (command, error))
            if command == "go" and not pending:     # every go not refused gets its bestmove
                send("bestmove none")
    if pending:         # quit or end of input: the waiting search answers first
        answer(pending[0])


def check_arguments(args):
    """No arguments are needed (the protocol is on stdin/stdout); --help says so, --version
    prints the name and version."""
    if args[:1] == ["--version"]:
        print(NAME, VERSION)
        sys.exit(0)
    if args[:1] in (["--help"], ["-h"]):
        print("Usage: minimal_bot.py [--help | --version]\n"
              "A complete UMI engine for Kalah in one file. It needs no arguments: it speaks UMI\n"
              "(PROTOCOL.md) on standard input and output. Type 'umi' to start.")
        sys.exit(0)


if __name__ == "__main__":
    check_arguments(sys.argv[1:])
    try:
        main()
    except BrokenPipeError:     # the GUI has gone: nobody is left to answer
        os._exit(0)
