package dev.weir.flink.translation;

import dev.weir.flink.window.WindowArithmetic;
import dev.weir.jobs.file.WindowKind;
import dev.weir.plan.WindowStep;
import dev.weir.window.ContinuousEventTimeTrigger;
import dev.weir.window.EventTimeSessionWindows;
import dev.weir.window.GlobalWindows;
import dev.weir.window.PurgingTrigger;
import dev.weir.window.SlidingEventTimeWindows;
import dev.weir.window.TimeEvictor;
import dev.weir.window.Trigger;
import dev.weir.window.TumblingEventTimeWindows;
import java.time.Duration;
import org.apache.flink.streaming.api.windowing.assigners.DynamicEventTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.api.windowing.windows.Window;

/**
 * Weir's window assigners as Flink's, with the same parameters (docs/flink.md): tumbling, sliding,
 * session with a fixed or a dynamic gap, and the global window, whose default trigger never fires
 * on both. Weir has no processing-time assigner. Stateless.
 */
final class FlinkWindows {
    private FlinkWindows() {
    }

    /**
     * @param window a window step
     * @param index its index, for messages
     * @param <W> Flink's window type
     * @return Flink's assigner
     * @throws FlinkTranslationException for an assigner Flink refuses or this module does not know
     */
    @SuppressWarnings("unchecked")
    static <W extends Window> WindowAssigner<Object, W> assignerOf(final WindowStep window, final int index) {
        final Object assigner = window.assigner();
        try {
            if (assigner instanceof TumblingEventTimeWindows) {
                final TumblingEventTimeWindows<?> tumbling = (TumblingEventTimeWindows<?>) assigner;
                return (WindowAssigner<Object, W>) (WindowAssigner<Object, ?>) org.apache.flink.streaming.api.windowing.assigners
                        .TumblingEventTimeWindows.of(Duration.ofMillis(tumbling.sizeMillis()), Duration.ofMillis(tumbling.offsetMillis()));
            }
            if (assigner instanceof SlidingEventTimeWindows) {
                final SlidingEventTimeWindows<?> sliding = (SlidingEventTimeWindows<?>) assigner;
                return (WindowAssigner<Object, W>) (WindowAssigner<Object, ?>) org.apache.flink.streaming.api.windowing.assigners
                        .SlidingEventTimeWindows.of(Duration.ofMillis(sliding.sizeMillis()), Duration.ofMillis(sliding.slideMillis()),
                                Duration.ofMillis(sliding.offsetMillis()));
            }
        } catch (final IllegalArgumentException flinkRefuses) {
            throw new FlinkTranslationException(index, PipelineTranslation.kindOf(window), "Flink refuses the assigner " + assigner + ": "
                    + flinkRefuses.getMessage());
        }
        if (assigner instanceof EventTimeSessionWindows) {
            final EventTimeSessionWindows<?> session = (EventTimeSessionWindows<?>) assigner;
            if (session.hasDynamicGap()) {
                return (WindowAssigner<Object, W>) (WindowAssigner<Object, ?>) DynamicEventTimeSessionWindows.withDynamicGap(
                        new FlinkSessionGap(session.gapExtractor()));
            }
            return (WindowAssigner<Object, W>) (WindowAssigner<Object, ?>) org.apache.flink.streaming.api.windowing.assigners
                    .EventTimeSessionWindows.withGap(Duration.ofMillis(session.gapMillis()));
        }
        if (assigner instanceof GlobalWindows) {
            return (WindowAssigner<Object, W>) (WindowAssigner<Object, ?>) org.apache.flink.streaming.api.windowing.assigners
                    .GlobalWindows.create();
        }
        throw new FlinkTranslationException(index, PipelineTranslation.kindOf(window), "the assigner " + assigner
                + " is not translated; tumbling, sliding, session and global windows are");
    }

    /**
     * @param window a window step whose assigner {@link #assignerOf} accepted
     * @return the parameters of its windows, trigger and evictor that enter Flink's window arithmetic
     */
    static WindowArithmetic arithmeticOf(final WindowStep window) {
        final Object assigner = window.assigner();
        final long lateness = window.allowedLatenessMillis();
        final long continuous = continuousMillis(window.trigger());
        final long evictor = window.evictor() instanceof TimeEvictor ? ((TimeEvictor<?>) window.evictor()).windowSizeMillis() : 0;
        if (assigner instanceof TumblingEventTimeWindows) {
            final TumblingEventTimeWindows<?> tumbling = (TumblingEventTimeWindows<?>) assigner;
            return new WindowArithmetic(WindowKind.TUMBLING, tumbling.sizeMillis(), 0, tumbling.offsetMillis(), 0, lateness, continuous,
                    evictor);
        }
        if (assigner instanceof SlidingEventTimeWindows) {
            final SlidingEventTimeWindows<?> sliding = (SlidingEventTimeWindows<?>) assigner;
            return new WindowArithmetic(WindowKind.SLIDING, sliding.sizeMillis(), sliding.slideMillis(), sliding.offsetMillis(), 0,
                    lateness, continuous, evictor);
        }
        if (assigner instanceof EventTimeSessionWindows) {
            final EventTimeSessionWindows<?> session = (EventTimeSessionWindows<?>) assigner;
            return new WindowArithmetic(WindowKind.SESSION, 0, 0, 0, session.hasDynamicGap() ? 0 : session.gapMillis(), lateness,
                    continuous, evictor);
        }
        return new WindowArithmetic(WindowKind.GLOBAL, 0, 0, 0, 0, lateness, continuous, evictor);
    }

    /** The interval of a continuous trigger, bare or purging, else 0. */
    private static long continuousMillis(final Trigger<?, ?> trigger) {
        if (trigger instanceof PurgingTrigger) {
            return continuousMillis(((PurgingTrigger<?, ?>) trigger).nested());
        }
        return trigger instanceof ContinuousEventTimeTrigger ? ((ContinuousEventTimeTrigger<?>) trigger).intervalMillis() : 0;
    }
}
