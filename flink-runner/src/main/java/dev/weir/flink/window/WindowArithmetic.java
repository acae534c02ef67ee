package dev.weir.flink.window;

import dev.weir.jobs.file.WindowKind;
import java.io.Serializable;

/**
 * The parameters of a window that enter Flink's window arithmetic ({@link FlinkWindowRange}), in
 * milliseconds. Immutable, serializable so that a run-time check ({@link WindowRangeGuard}) can
 * ship it.
 *
 * @param kind the window's kind
 * @param sizeMillis size (tumbling, sliding)
 * @param slideMillis slide (sliding)
 * @param offsetMillis offset (tumbling, sliding)
 * @param gapMillis fixed gap (session), 0 for a dynamic one
 * @param allowedLatenessMillis allowed lateness
 * @param continuousMillis a continuous trigger's interval, 0 without one
 * @param timeEvictorMillis a time evictor's size, 0 without one
 */
public record WindowArithmetic(WindowKind kind, long sizeMillis, long slideMillis, long offsetMillis, long gapMillis,
        long allowedLatenessMillis, long continuousMillis, long timeEvictorMillis) implements Serializable {
}
