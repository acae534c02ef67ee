package dev.weir.flink.translation;

import dev.weir.window.SessionGapExtractor;
import org.apache.flink.streaming.api.windowing.assigners.SessionWindowTimeGapExtractor;

/** A Weir session's dynamic gap as Flink's; as thread-safe as the user's extractor. */
final class FlinkSessionGap implements SessionWindowTimeGapExtractor<Object> {
    private static final long serialVersionUID = 1L;

    private final SessionGapExtractor<Object> gaps;

    @SuppressWarnings("unchecked")
    FlinkSessionGap(final SessionGapExtractor<?> gaps) {
        this.gaps = (SessionGapExtractor<Object>) gaps;
    }

    @Override
    public long extract(final Object element) {
        return gaps.gapOf(element);
    }
}
