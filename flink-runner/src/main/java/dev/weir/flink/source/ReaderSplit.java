package dev.weir.flink.source;

import org.apache.flink.api.connector.source.SourceOutput;

/**
 * A split as a reader of Weir splits holds it ({@link ReaderSplits}): its own output (one
 * watermark generator per split), finished or not, paused or not (watermark alignment). Not
 * thread-safe: the reader's task thread.
 *
 * @param <T> the record type
 */
interface ReaderSplit<T> {
    /** @return the split's id */
    String splitId();

    /** @return the split's output, or null before the reader registered it */
    SourceOutput<T> output();

    /** @param output the split's output, once */
    void output(SourceOutput<T> output);

    /** @return true once the split has nothing more to emit */
    boolean finished();

    /** @return true while alignment holds the split back */
    boolean paused();

    /** @param paused whether alignment holds the split back */
    void paused(boolean paused);
}
