package dev.weir.pipelines.replay;

import dev.weir.api.DataStream;

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
}
