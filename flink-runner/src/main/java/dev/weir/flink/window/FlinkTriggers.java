package dev.weir.flink.window;

import dev.weir.jobs.file.TriggerSpec;
import dev.weir.jobs.file.WindowKind;
import dev.weir.window.ContinuousEventTimeTrigger;
import dev.weir.window.CountTrigger;
import dev.weir.window.EventTimeTrigger;
import dev.weir.window.NeverTrigger;
import dev.weir.window.ProcessingTimeTrigger;
import dev.weir.window.PurgingTrigger;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.windows.Window;

/**
 * Weir's triggers as Flink's, for job files and pipelines alike (docs/flink.md): a built-in
 * trigger becomes Flink's own where Flink's fires exactly as Weir's on the window, any other
 * trigger is wrapped ({@link WeirTriggerOnFlink}), and where Flink's built-in differs from Weir's
 * the trigger is refused with the reason (a continuous trigger on sessions: at the window that differs). Stateless.
 */
public final class FlinkTriggers {
    /** Weir fires a continuous trigger at most this often per watermark (docs/semantics.md §4); Flink has no such cap. */
    static final long MAX_CONTINUOUS_FIRES = ContinuousEventTimeTrigger.MAX_FIRINGS_PER_WATERMARK;
    /** Why a processing-time trigger is not run on Flink. */
    public static final String PROCESSING_TIME = "processing-time fires on Flink's wall clock, so the result would depend on timing";

    private FlinkTriggers() {
    }

    /**
     * @param window the window's kind
     * @param sizeMillis the window's size (tumbling and sliding windows)
     * @param intervalMillis the continuous trigger's interval
     * @return null if Flink's {@code ContinuousEventTimeTrigger} fires as Weir's on this window, or on sessions, whose windows
     *     are checked one by one as they fire ({@link ContinuousTriggerWithinWeirsCap}); else why not
     */
    public static String continuousDiffers(final WindowKind window, final long sizeMillis, final long intervalMillis) {
        if (window == WindowKind.GLOBAL) {
            return "continuous-event-time on the global window: at end of input Weir fires once more, Flink's trigger fires every "
                    + intervalMillis + " ms up to Long.MAX_VALUE";
        }
        if (window == WindowKind.SESSION) {
            // a session's size is known only when it fires: ContinuousTriggerWithinWeirsCap stops the job at a window whose
            // watermark step passes more periods than Weir fires at once
            return null;
        }
        if ((sizeMillis - 1) / intervalMillis + 1 > MAX_CONTINUOUS_FIRES) {
            return "a " + sizeMillis + " ms window holds more than " + MAX_CONTINUOUS_FIRES + " periods of " + intervalMillis
                    + " ms: Weir fires once for a watermark past more, Flink once per period";
        }
        return null;
    }

    /**
     * @param spec a job file's trigger ({@code processing-time} is refused by {@link dev.weir.flink.scenario.FlinkScenario#check}, but translates)
     * @param <W> the window type
     * @return Flink's trigger, or null for the assigner's default
     */
    public static <W extends Window> Trigger<Object, W> of(final TriggerSpec spec) {
        if (spec == null) {
            return null;
        }
        switch (spec.kind()) {
            case EVENT_TIME:
                return cast(org.apache.flink.streaming.api.windowing.triggers.EventTimeTrigger.create());
            case COUNT:
                return org.apache.flink.streaming.api.windowing.triggers.CountTrigger.of(spec.parameter());
            case PURGING_COUNT:
                return org.apache.flink.streaming.api.windowing.triggers.PurgingTrigger.of(
                        org.apache.flink.streaming.api.windowing.triggers.CountTrigger.<W>of(spec.parameter()));
            case CONTINUOUS_EVENT_TIME:
                return new ContinuousTriggerWithinWeirsCap<>(spec.parameter());
            case PROCESSING_TIME:
                // refused by FlinkScenario.check for weir scenario (it fires on Flink's wall clock); the timing-free comparison runs it
                return cast(org.apache.flink.streaming.api.windowing.triggers.ProcessingTimeTrigger.create());
            default:
                throw new IllegalArgumentException("trigger " + spec.kind() + " is not a job file's trigger");
        }
    }

    /**
     * @param trigger a pipeline's trigger
     * @param window the kind of window it fires
     * @param sizeMillis the window's size (tumbling and sliding windows)
     * @return null if {@link #of(dev.weir.window.Trigger)} runs it on Flink as on Weir, else why not
     */
    public static String refusal(final dev.weir.window.Trigger<?, ?> trigger, final WindowKind window, final long sizeMillis) {
        if (trigger instanceof ProcessingTimeTrigger) {
            return PROCESSING_TIME;
        }
        if (trigger instanceof ContinuousEventTimeTrigger) {
            return continuousDiffers(window, sizeMillis, ((ContinuousEventTimeTrigger<?>) trigger).intervalMillis());
        }
        if (trigger instanceof PurgingTrigger) {
            return refusal(((PurgingTrigger<?, ?>) trigger).nested(), window, sizeMillis);
        }
        return null;
    }

    /**
     * @param trigger a pipeline's trigger that {@link #refusal} accepts
     * @param <W> Flink's window type
     * @return Flink's built-in trigger where it fires as Weir's, else Weir's trigger wrapped
     */
    public static <W extends Window> Trigger<Object, W> of(final dev.weir.window.Trigger<?, ?> trigger) {
        if (trigger instanceof EventTimeTrigger) {
            return cast(org.apache.flink.streaming.api.windowing.triggers.EventTimeTrigger.create());
        }
        if (trigger instanceof CountTrigger) {
            return org.apache.flink.streaming.api.windowing.triggers.CountTrigger.of(((CountTrigger<?>) trigger).maxCount());
        }
        if (trigger instanceof ContinuousEventTimeTrigger) {
            return new ContinuousTriggerWithinWeirsCap<>(((ContinuousEventTimeTrigger<?>) trigger).intervalMillis());
        }
        if (trigger instanceof NeverTrigger) {
            return cast(new GlobalWindows.NeverTrigger());
        }
        if (trigger instanceof PurgingTrigger) {
            final Trigger<Object, W> nested = of(((PurgingTrigger<?, ?>) trigger).nested());
            return org.apache.flink.streaming.api.windowing.triggers.PurgingTrigger.of(nested);
        }
        return new WeirTriggerOnFlink<>(trigger);
    }

    /**
     * @param trigger a pipeline's trigger
     * @return the trigger {@link #of(dev.weir.window.Trigger)} ships to Flink as the user wrote it (inside any purging
     *     triggers), which must be serializable; null when every part of it becomes Flink's built-in
     */
    public static dev.weir.window.Trigger<?, ?> shipped(final dev.weir.window.Trigger<?, ?> trigger) {
        if (trigger instanceof PurgingTrigger) {
            return shipped(((PurgingTrigger<?, ?>) trigger).nested());
        }
        final boolean builtIn = trigger instanceof EventTimeTrigger || trigger instanceof CountTrigger
                || trigger instanceof ContinuousEventTimeTrigger || trigger instanceof NeverTrigger
                || trigger instanceof ProcessingTimeTrigger;
        return builtIn ? null : trigger;
    }

    /** A trigger of one window type as a trigger of the window type the assigner makes, which the Weir pipeline already matched. */
    @SuppressWarnings("unchecked")
    private static <W extends Window> Trigger<Object, W> cast(final Trigger<Object, ?> trigger) {
        return (Trigger<Object, W>) trigger;
    }
}
