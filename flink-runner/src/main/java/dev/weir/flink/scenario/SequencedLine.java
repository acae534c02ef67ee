package dev.weir.flink.scenario;

/**
 * A line of a record-file job on Flink on its way to the client, with where it was emitted: the
 * window subtask, the subtask's attempt (one more after each restart) and the order within the
 * attempt. A null line stands for a record dropped as late. The client orders a subtask's lines by
 * attempt and sequence, which puts a key's {@code FIRE} and {@code LATE} lines back in the order
 * the window operator emitted them, although they reach the client through two outputs.
 * Immutable.
 */
final class SequencedLine {
    private final int subtask;
    private final int attempt;
    private final long sequence;
    private final String line;

    SequencedLine(final int subtask, final int attempt, final long sequence, final String line) {
        this.subtask = subtask;
        this.attempt = attempt;
        this.sequence = sequence;
        this.line = line;
    }

    /** @return the window subtask's index */
    int subtask() {
        return subtask;
    }

    /** @return the subtask's attempt number */
    int attempt() {
        return attempt;
    }

    /** @return the order of emission within the attempt, from 1 */
    long sequence() {
        return sequence;
    }

    /** @return the line, or null for a record dropped as late */
    String line() {
        return line;
    }
}
