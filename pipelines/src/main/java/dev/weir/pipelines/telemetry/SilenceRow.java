package dev.weir.pipelines.telemetry;

import dev.weir.pipelines.replay.ResultRow;
import dev.weir.pipelines.replay.RowWriter;

/**
 * A row of {@code silent-hosts}: {@code event,host,last_seen,at}, either
 * {@code silent,HOST,LAST_SEEN,LAST_SEEN+30000} (the host sent nothing for 30 s after its packet at LAST_SEEN) or
 * {@code resumed,HOST,LAST_SEEN,NEXT_SEEN} (its next packet, at NEXT_SEEN, after such a silence). Times are epoch
 * milliseconds.
 *
 * @param event {@code silent} or {@code resumed}
 * @param host the host
 * @param lastSeen the time of its last packet before the gap
 * @param at when the silence was declared, or when the host came back
 */
public record SilenceRow(String event, Host host, long lastSeen, long at) implements ResultRow {
    /**
     * @param host the host
     * @param lastSeen its last packet
     * @return the row of its silence, at {@code lastSeen + 30000}
     */
    static SilenceRow silent(final Host host, final long lastSeen) {
        return new SilenceRow("silent", host, lastSeen, lastSeen + HostSilence.GAP_MILLIS);
    }

    /**
     * @param host the host
     * @param lastSeen its last packet before the gap
     * @param next its first packet after it
     * @return the row of its return
     */
    static SilenceRow resumed(final Host host, final long lastSeen, final long next) {
        return new SilenceRow("resumed", host, lastSeen, next);
    }

    @Override
    public void writeTo(final RowWriter row) {
        row.text(event).text(host.address()).number(lastSeen).number(at);
    }
}
