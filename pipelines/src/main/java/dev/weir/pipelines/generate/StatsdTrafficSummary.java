package dev.weir.pipelines.generate;

import dev.weir.codec.statsd.MetricType;

/**
 * What {@link StatsdTrafficGenerator} handed to its sink. Immutable; thread-safe.
 *
 * @param datagrams datagrams sent
 * @param lines lines sent, malformed ones included
 * @param byType well-formed lines by {@link MetricType#ordinal()}
 * @param malformed malformed lines
 * @param payloadBytes UDP payload bytes
 * @param silences hosts that fell silent and came back
 * @param departures hosts that fell silent for good
 */
public record StatsdTrafficSummary(long datagrams, long lines, long[] byType, long malformed, long payloadBytes, int silences,
        int departures) {
    /** Copies the counts, so that the summary stays as it was made. */
    public StatsdTrafficSummary {
        byType = byType.clone();
    }

    /** @return a copy of the well-formed lines by {@link MetricType#ordinal()} */
    @Override
    public long[] byType() {
        return byType.clone();
    }

    /**
     * @param type a metric type
     * @return the well-formed lines of that type
     */
    public long count(final MetricType type) {
        return byType[type.ordinal()];
    }

    /** @return e.g. {@code 812 datagrams, 2000 lines (c 700 g 400 ms 400 h 200 d 150 s 150; 0 malformed), ...} */
    public String text() {
        final StringBuilder text = new StringBuilder().append(datagrams).append(" datagrams, ").append(lines).append(" lines (");
        for (final MetricType type : MetricType.values()) {
            text.append(type.symbol()).append(' ').append(count(type)).append(type.ordinal() < MetricType.values().length - 1 ? " " : "");
        }
        return text.append("; ").append(malformed).append(" malformed), ").append(payloadBytes).append(" payload bytes, ")
                .append(silences).append(silences == 1 ? " host silent for " : " hosts silent for ").append(HostSilences.SILENCE_SECONDS)
                .append(" s, ").append(departures)
                .append(" gone for good").toString();
    }
}
