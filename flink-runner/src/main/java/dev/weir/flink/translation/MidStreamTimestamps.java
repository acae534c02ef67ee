package dev.weir.flink.translation;

import dev.weir.plan.FilterStep;
import dev.weir.plan.FlatMapStep;
import dev.weir.plan.KeyByStep;
import dev.weir.plan.KeyedProcessStep;
import dev.weir.plan.MapStep;
import dev.weir.plan.PlanStep;
import dev.weir.plan.SourceStep;
import dev.weir.plan.TimestampsStep;
import dev.weir.source.CollectionSource;
import dev.weir.time.TimestampAssigner;
import dev.weir.time.WatermarkKind;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * {@code assignTimestampsAndWatermarks} in mid-stream (a {@link TimestampsStep}) on Flink: the
 * strategy translated as a source's ({@link SourceWatermarks}) into Flink's
 * {@code assignTimestampsAndWatermarks}, which, as Weir's operator, stamps each record anew,
 * drops the watermarks from upstream but the final MAX, and emits its generator's watermark once
 * more at end of input (docs/semantics.md §1). Translated where Flink's one generator sees the
 * records Weir's one generator sees, in the same order: after a source with one instance, through
 * {@code map}, {@code filter}, {@code flatMap}, other such steps and keyed process functions whose
 * keyed stage has one instance on Weir and runs at parallelism 1 on Flink (a keyed process
 * function emits from each record in the order the records come, with the record's timestamp, on
 * both engines). Stateless.
 */
final class MidStreamTimestamps {
    private MidStreamTimestamps() {
    }

    /**
     * Refuses what is not translated, and checks that every periodic strategy of the plan has
     * the same interval: Flink has one periodic interval per job.
     *
     * @param steps the plan's steps
     * @param index the index of the {@link TimestampsStep}
     * @param kind the step's kind
     * @param flinkParallelism the parallelism Flink runs a keyed stage at (the job's)
     * @throws FlinkTranslationException if the step is not translated
     */
    static void check(final List<PlanStep> steps, final int index, final String kind, final int flinkParallelism) {
        final TimestampsStep step = (TimestampsStep) steps.get(index);
        if (step.watermarks().idlenessMillis() > 0 || step.watermarks().alignment() != null) {
            throw new FlinkTranslationException(index, kind, "watermark idleness and alignment in mid-stream are not translated: Flink"
                    + " tells an idle input and aligns watermarks only in its sources, per split; they are on a FileSource's or a"
                    + " GeneratorSource's strategy");
        }
        SourceWatermarks.check(step.watermarks(), index, kind);
        PlanStep before = steps.get(step.input());
        while (!(before instanceof SourceStep)) {
            if (before instanceof KeyedProcessStep) {
                before = steps.get(before.input());
                checkKeyedStage((KeyByStep) before, index, kind, flinkParallelism);
            } else if (!(before instanceof MapStep || before instanceof FilterStep || before instanceof FlatMapStep
                    || before instanceof TimestampsStep)) {
                throw new FlinkTranslationException(index, kind, "translated between a source and keyBy, or after a keyed process"
                        + " function of one instance, only: after a window or a step of several inputs each engine hands the generator"
                        + " the records of its keys and inputs in its own order, so the watermarks would differ");
            }
            before = steps.get(before.input());
        }
        final SourceStep source = (SourceStep) before;
        if (source.parallelism() > 1) {
            throw new FlinkTranslationException(index, kind, "the source '" + source.name() + "' has " + source.parallelism()
                    + " instances, each with its own generator on Weir; the translation joins them before this step, so Flink would run"
                    + " one generator over all records; give the source one instance");
        }
        final long interval = periodicInterval(step.watermarks());
        for (int i = 0; i < index && interval >= 0; i++) {
            final WatermarkStrategy<?> other = strategyOf(steps.get(i));
            if (other != null && periodicInterval(other) >= 0 && periodicInterval(other) != interval) {
                throw new FlinkTranslationException(index, kind, "its periodic interval of " + interval + " ms differs from the "
                        + periodicInterval(other) + " ms of step " + i + "; Flink has one periodic interval per job");
            }
        }
    }

    /** Refuses a keyed stage before the step that has several instances on either engine. */
    private static void checkKeyedStage(final KeyByStep keyBy, final int index, final String kind, final int flinkParallelism) {
        if (keyBy.parallelism() > 1) {
            throw new FlinkTranslationException(index, kind, "the keyed process function before it has " + keyBy.parallelism()
                    + " instances: each instance of Weir's keyed stage runs its own generator over the keys Weir's key groups give it,"
                    + " and Flink spreads the keys differently, so the watermarks would differ; give the keyed stage one instance");
        }
        if (flinkParallelism != 1) {
            throw new FlinkTranslationException(index, kind, "the keyed process function before it has one instance on Weir, but"
                    + " Flink runs it at the job's parallelism of " + flinkParallelism + ", with a generator per instance; run the"
                    + " job at parallelism 1");
        }
    }

    /**
     * @param steps the plan's steps
     * @return the periodic interval of the plan's periodic strategies (which {@link #check} found
     *     equal), or -1 when it has none
     */
    static long periodicInterval(final List<PlanStep> steps) {
        for (final PlanStep step : steps) {
            final WatermarkStrategy<?> strategy = strategyOf(step);
            if (strategy != null && periodicInterval(strategy) >= 0) {
                return periodicInterval(strategy);
            }
        }
        return -1;
    }

    /**
     * The event times the records leaving a {@link TimestampsStep} carry, computed before the run
     * from the collection's elements with the plan's own functions (in the caller's thread), so that
     * the windows after it are checked against Flink's 64-bit window arithmetic as a source's are.
     *
     * @param steps the plan's steps
     * @param index the index of a step {@link #check} accepted
     * @return one event time per record leaving the step, or {@code null} when the source is not a
     *     collection or a keyed process function comes before the step (its records are known only
     *     at run time, where the windows check them)
     */
    @SuppressWarnings("unchecked")
    static long[] eventTimes(final List<PlanStep> steps, final int index) {
        final List<PlanStep> chain = new ArrayList<>();
        for (PlanStep step = steps.get(index); ; step = steps.get(step.input())) {
            if (step instanceof KeyByStep || step instanceof KeyedProcessStep) {
                return null; // a keyed process function's records are known only while the job runs it
            }
            chain.add(0, step);
            if (step instanceof SourceStep) {
                break;
            }
        }
        if (!(((SourceStep) chain.get(0)).source() instanceof CollectionSource)) {
            return null; // a file or generator: its records are known only while the job reads them
        }
        List<Object> records = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        for (final PlanStep step : chain) {
            final List<Object> nextRecords = new ArrayList<>();
            final List<Long> nextTimes = new ArrayList<>();
            if (step instanceof SourceStep) {
                final SourceStep source = (SourceStep) step;
                for (final Object element : PipelineTranslation.elementsOf((CollectionSource<?>) source.source(), 0, 1)) {
                    nextRecords.add(element);
                    nextTimes.add(((WatermarkStrategy<Object>) source.watermarks()).timestampOf(element, TimestampAssigner.NO_TIMESTAMP));
                }
            }
            for (int i = 0; i < records.size(); i++) {
                final Object record = records.get(i);
                final long time = times.get(i);
                if (step instanceof MapStep) {
                    nextRecords.add(((Function<Object, Object>) ((MapStep) step).mapper()).apply(record));
                    nextTimes.add(time);
                } else if (step instanceof FilterStep) {
                    if (((Predicate<Object>) ((FilterStep) step).predicate()).test(record)) {
                        nextRecords.add(record);
                        nextTimes.add(time);
                    }
                } else if (step instanceof FlatMapStep) {
                    ((BiConsumer<Object, dev.weir.operator.Collector<Object>>) ((FlatMapStep) step).function()).accept(record, out -> {
                        nextRecords.add(out);
                        nextTimes.add(time);
                    });
                } else {
                    nextRecords.add(record);
                    nextTimes.add(((WatermarkStrategy<Object>) ((TimestampsStep) step).watermarks()).timestampOf(record, time));
                }
            }
            records = nextRecords;
            times = nextTimes;
        }
        return times.stream().mapToLong(Long::longValue).toArray();
    }

    private static WatermarkStrategy<?> strategyOf(final PlanStep step) {
        if (step instanceof SourceStep) {
            return ((SourceStep) step).watermarks();
        }
        return step instanceof TimestampsStep ? ((TimestampsStep) step).watermarks() : null;
    }

    /** @return the strategy's interval if its generator is periodic (bounded out-of-orderness, monotonous), else -1 */
    private static long periodicInterval(final WatermarkStrategy<?> strategy) {
        final WatermarkKind kind = strategy.kind();
        return kind == WatermarkKind.BOUNDED_OUT_OF_ORDERNESS || kind == WatermarkKind.MONOTONOUS ? strategy.intervalMillis() : -1;
    }
}
