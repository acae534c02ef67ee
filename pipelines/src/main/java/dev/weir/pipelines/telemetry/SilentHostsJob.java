package dev.weir.pipelines.telemetry;

import dev.weir.api.DataStream;
import dev.weir.operator.KeySelector;
import dev.weir.pipelines.replay.ReferencePipeline;
import dev.weir.pipelines.replay.ReplayContext;
import dev.weir.pipelines.replay.RowSchema;
import java.io.Serializable;
import java.util.function.Predicate;

/**
 * {@code silent-hosts}: per host, a row when it has sent no datagram for 30 s after one
 * ({@code silent,HOST,LAST_SEEN,LAST_SEEN+30000}) and a row when it comes back
 * ({@code resumed,HOST,LAST_SEEN,NEXT_SEEN}); columns {@code event,host,last_seen,at}. It follows the decoder's
 * packet samples (one per datagram, whatever its lines hold, malformed ones included), keyed by host; the rules
 * for order, lateness and the end of input are {@link HostSilence}'s. Stateless and thread-safe; each run gets
 * its own decoder.
 */
public final class SilentHostsJob extends ReferencePipeline<MetricSample> {
    /** A job with its name, description and columns. */
    public SilentHostsJob() {
        super("silent-hosts", "per host, every gap of 30 s or more between its datagrams: silent, then resumed",
                RowSchema.of("event", "host", "last_seen", "at"), StatsdDecoder::new);
    }

    /** @return 50: its place in the help's list */
    @Override
    public int order() {
        return 50;
    }

    @Override
    public DataStream<SilenceRow> results(final DataStream<MetricSample> events, final ReplayContext context) {
        return events.filter((Predicate<MetricSample> & Serializable) MetricSample::isPacket)
                .keyBy((KeySelector<MetricSample, Host> & Serializable) MetricSample::host)
                .process(new HostSilence())
                .sideOutput(HostSilence.LATE, (packet, timestamp) -> context.lateRecord());
    }
}
