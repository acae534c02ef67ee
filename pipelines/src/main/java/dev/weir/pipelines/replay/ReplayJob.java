package dev.weir.pipelines.replay;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.clock.Clock;
import dev.weir.time.WatermarkStrategy;

/**
 * A pipeline {@code weir replay} can run over captured datagrams: its decoder, the pipeline from decoded events
 * to rows, and the rows' columns. The replay adds the source (the capture files, with event times from the
 * decoder and bounded out-of-orderness watermarks) before {@link #results} and the output after it.
 *
 * @param <E> the decoded event type
 */
public interface ReplayJob<E> {
    /** @return the name {@code --pipeline} selects it by, e.g. {@code ohlcv} */
    String name();

    /** @return one line for the command's help: what the rows are */
    String description();

    /**
     * @return the place in the help's list of reference pipelines ({@link ReplayJobs}), ascending: the built-in ones
     *     use 10 (ohlcv) to 60 (tca); by default last
     */
    default int order() {
        return Integer.MAX_VALUE;
    }

    /** @return the columns of the rows, in order */
    RowSchema schema();

    /**
     * @param context the replay's warnings and pool size
     * @return a new decoder for one reading thread
     */
    PayloadDecoder<E> decoder(ReplayContext context);

    /**
     * Builds the pipeline from the decoded events (timestamps and watermarks assigned) to its rows.
     *
     * @param events the decoded events
     * @param context the replay's counters
     * @return the rows, in the order they are to be written
     */
    DataStream<? extends ResultRow> results(DataStream<E> events, ReplayContext context);

    /**
     * Builds the pipeline from the decoded events to its rows, with the pipeline at hand for a job that reads more
     * than the capture (a second source): by default {@link #results(DataStream, ReplayContext)}.
     *
     * @param pipeline the pipeline the events are read in
     * @param events the decoded events
     * @param context the replay's counters
     * @return the rows, in the order they are to be written
     */
    default DataStream<? extends ResultRow> results(final StreamPipeline pipeline, final DataStream<E> events,
            final ReplayContext context) {
        return results(events, context);
    }

    /**
     * The watermarks of the decoded events: by default bounded out-of-orderness with the replay's bound
     * ({@code --out-of-orderness}), emitted every 200 ms of processing time.
     *
     * @param options the replay's options
     * @param processingTime the replay's clock
     * @return the strategy; its timestamps are the decoder's event times
     */
    default WatermarkStrategy<E> watermarks(final ReplayOptions options, final Clock processingTime) {
        return WatermarkStrategy.forBoundedOutOfOrderness(options.outOfOrdernessMillis());
    }

    /**
     * @param options the replay's options
     * @return how far, in ms, the watermarks of {@link #watermarks} trail the highest event time (less the 1 ms of
     *         bounded out-of-orderness): what a progress display shows the watermark from
     */
    default long outOfOrdernessMillis(final ReplayOptions options) {
        return options.outOfOrdernessMillis();
    }

    /** @return what the output ends with after the last row, e.g. a count line; {@code null} for nothing */
    default String trailer(final ReplaySummary summary) {
        return null;
    }
}
