package dev.weir.codec.statsd;

import org.agrona.DirectBuffer;

/**
 * Parses a StatsD datagram: one or more lines {@code name:value|type[|@rate][|#tag:v,tag2,...]}
 * separated by {@code \n}, each optionally ending in {@code \r}. The rate and tag fields may come in
 * either order, each at most once. Empty lines, such as the one after a trailing {@code \n}, are
 * skipped silently.
 *
 * <p>Each good line goes to the {@link StatsdMetricHandler} as the parser's one reusable
 * {@link StatsdMetric}. A malformed line goes to the {@link MalformedLineListener} with its byte offset
 * within the payload and is skipped, like a StatsD server drops it; the lines after it are still
 * parsed. The value is a double read from ASCII decimal text (sign, digits, one point, exponent; the
 * nearest double, as {@link Double#parseDouble} gives; see {@code docs/statsd.md}), except for a set,
 * whose member is kept as opaque bytes. A counter whose value divided by its sample rate is beyond the double
 * range ({@code a:5|c|@4.9e-324}) is malformed. Parsing allocates nothing per line once the metric's tag table has grown to the
 * most tags seen on a line.
 *
 * <p>Not thread-safe: use one parser per thread.
 */
public final class StatsdParser {
    private final StatsdMetric metric = new StatsdMetric();

    /** Creates a parser with its own reusable {@link StatsdMetric}. */
    public StatsdParser() {
        // the metric's tag table starts small and grows to the most tags seen on one line
    }

    /**
     * Parses every line of one payload, calling back in line order.
     *
     * @param buffer the bytes holding the payload
     * @param offset index of the payload's first byte in {@code buffer}
     * @param length number of payload bytes
     * @param handler told about each well-formed metric
     * @param malformed told about each skipped line
     * @return the number of metrics handed to {@code handler}
     */
    public int parse(final DirectBuffer buffer, final int offset, final int length,
                     final StatsdMetricHandler handler, final MalformedLineListener malformed) {
        final int end = offset + length;
        int metrics = 0;
        int lineStart = offset;
        while (lineStart < end) {
            int lineEnd = indexOf(buffer, lineStart, end, (byte) '\n');
            final int next = lineEnd + 1;
            if (lineEnd > lineStart && buffer.getByte(lineEnd - 1) == '\r') {
                lineEnd--;
            }
            if (lineEnd > lineStart) {
                final MalformedReason reason = parseLine(buffer, lineStart, lineEnd, lineStart - offset);
                if (reason == null) {
                    handler.onMetric(metric);
                    metrics++;
                } else {
                    malformed.onMalformed(lineStart - offset, reason);
                }
            }
            lineStart = next;
        }
        return metrics;
    }

    /** Fills {@link #metric} from the line [start, end), or says why it cannot. */
    private MalformedReason parseLine(final DirectBuffer buffer, final int start, final int end, final int lineOffset) {
        final int colon = indexOf(buffer, start, end, (byte) ':');
        if (colon == end) {
            return MalformedReason.MISSING_COLON;
        }
        if (colon == start) {
            return MalformedReason.EMPTY_NAME;
        }
        final int pipe = indexOf(buffer, colon + 1, end, (byte) '|');
        if (pipe == end) {
            return MalformedReason.MISSING_PIPE;
        }
        if (pipe == colon + 1) {
            return MalformedReason.EMPTY_VALUE;
        }
        final int typeEnd = indexOf(buffer, pipe + 1, end, (byte) '|');
        final MetricType type = type(buffer, pipe + 1, typeEnd);
        if (type == null) {
            return MalformedReason.UNKNOWN_TYPE;
        }
        metric.startLine(buffer, lineOffset);
        metric.name(start, colon - start);
        final int valueLength = pipe - colon - 1;
        if (type == MetricType.SET) {
            metric.value(type, colon + 1, valueLength, Double.NaN, false);
        } else {
            final double value = StatsdNumber.parse(buffer, colon + 1, valueLength);
            if (Double.isNaN(value)) {
                return MalformedReason.BAD_NUMBER;
            }
            final byte first = buffer.getByte(colon + 1);
            metric.value(type, colon + 1, valueLength, value, type == MetricType.GAUGE && (first == '+' || first == '-'));
        }
        final MalformedReason fieldError = fields(buffer, typeEnd, end);
        if (fieldError == null && type == MetricType.COUNTER && !Double.isFinite(metric.value() / metric.sampleRate())) {
            // a count no sum can hold: the line is dropped like a malformed one, not turned into Infinity
            return MalformedReason.COUNT_OUT_OF_RANGE;
        }
        return fieldError;
    }

    /** Reads the optional {@code |@rate} and {@code |#tags} fields from {@code from} (a {@code |} or the end). */
    private MalformedReason fields(final DirectBuffer buffer, final int from, final int end) {
        boolean rateSeen = false;
        boolean tagsSeen = false;
        int fieldStart = from;
        while (fieldStart < end) {
            final int start = fieldStart + 1;
            final int fieldEnd = indexOf(buffer, start, end, (byte) '|');
            final byte marker = start < fieldEnd ? buffer.getByte(start) : 0;
            if (marker == '@') {
                if (rateSeen) {
                    return MalformedReason.REPEATED_FIELD;
                }
                rateSeen = true;
                final double rate = StatsdNumber.parse(buffer, start + 1, fieldEnd - start - 1);
                if (Double.isNaN(rate)) {
                    return MalformedReason.BAD_RATE;
                }
                if (!(rate > 0 && rate <= 1)) {
                    return MalformedReason.RATE_OUT_OF_RANGE;
                }
                metric.sampleRate(rate);
            } else if (marker == '#') {
                if (tagsSeen) {
                    return MalformedReason.REPEATED_FIELD;
                }
                tagsSeen = true;
                final MalformedReason tagError = tags(buffer, start + 1, fieldEnd);
                if (tagError != null) {
                    return tagError;
                }
            } else {
                return MalformedReason.UNKNOWN_FIELD;
            }
            fieldStart = fieldEnd;
        }
        return null;
    }

    private MalformedReason tags(final DirectBuffer buffer, final int start, final int end) {
        int tagStart = start;
        while (true) {
            final int comma = indexOf(buffer, tagStart, end, (byte) ',');
            if (comma == tagStart) {
                return MalformedReason.EMPTY_TAG;
            }
            metric.addTag(tagStart, comma - tagStart);
            if (comma == end) {
                return null;
            }
            tagStart = comma + 1;
        }
    }

    private static MetricType type(final DirectBuffer buffer, final int start, final int end) {
        final int length = end - start;
        if (length == 1) {
            switch (buffer.getByte(start)) {
                case 'c':
                    return MetricType.COUNTER;
                case 'g':
                    return MetricType.GAUGE;
                case 'h':
                    return MetricType.HISTOGRAM;
                case 'd':
                    return MetricType.DISTRIBUTION;
                case 's':
                    return MetricType.SET;
                default:
                    return null;
            }
        }
        if (length == 2 && buffer.getByte(start) == 'm' && buffer.getByte(start + 1) == 's') {
            return MetricType.TIMER;
        }
        return null;
    }

    /** @return the index of the first {@code b} in [from, end), or {@code end} if there is none */
    private static int indexOf(final DirectBuffer buffer, final int from, final int end, final byte b) {
        for (int i = from; i < end; i++) {
            if (buffer.getByte(i) == b) {
                return i;
            }
        }
        return end;
    }
}
