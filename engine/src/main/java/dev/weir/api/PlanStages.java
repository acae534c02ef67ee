package dev.weir.api;

import dev.weir.operator.KeySelector;
import dev.weir.plan.EdgeKind;
import dev.weir.plan.KeyByStep;
import dev.weir.plan.LogicalPlan;
import dev.weir.plan.PlanEdge;
import dev.weir.plan.PlanStep;
import dev.weir.plan.SideOutputStep;
import dev.weir.plan.SinkStep;
import dev.weir.plan.SourceStep;
import dev.weir.plan.TwoInputStep;
import dev.weir.plan.UnionStep;
import dev.weir.runtime.chain.TwoInputChainHead;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Cuts a logical plan into the stages the runtime runs, from its steps and edges alone:
 * <ul>
 * <li>each source starts a stage ({@code <source>-<n>});</li>
 * <li>each {@link KeyByStep} read by a one-input step starts a keyed stage ({@code keyed-<n>})
 * whose edges come from every stream it partitions (several behind a union);</li>
 * <li>a {@link UnionStep} read by a forward step starts a non-keyed stage ({@code union-<n>},
 * as many instances as the widest unioned stream) reading every unioned stream; read by a
 * keyBy or a two-input step it starts nothing: that stage reads the unioned streams itself;</li>
 * <li>each {@link TwoInputStep} starts a two-input stage ({@code two-input-<n>}) whose first
 * operator is the two-input operator, input 1's edges before input 2's;</li>
 * <li>each step behind a {@link EdgeKind#FORWARD} edge is fused into the stage of the step it
 * reads: into the chain of that step when it is its only consumer, into a forward branch of it
 * when the stream fans out ({@link Segment}).</li>
 * </ul>
 * Stages are numbered in plan order, which is a topological order: every stage reads earlier
 * ones only. {@code n} is the stage's number, so checkpoint names do not depend on how the plan
 * was built. What the runtime does not compile is refused with the step that needs it.
 */
final class PlanStages {
    private PlanStages() {
    }

    /** Where a stream comes out: a segment of a stage. */
    private record Producer(Stage stage, Segment segment) {
    }

    /**
     * @param pipeline the pipeline's name, for messages
     * @param plan a plan with a source
     * @param placements the placement of each keyed stage that sets its own, by its KeyByStep's index
     * @return the stages in plan order, each reading earlier ones only (sources read none)
     * @throws UnsupportedOperationException if a step reads over an edge its step type does not compile from
     * @throws IllegalStateException if a stream leads to no sink
     */
    static List<Stage> of(final String pipeline, final LogicalPlan plan, final Map<Integer, StagePlacement> placements) {
        final List<PlanStep> steps = plan.steps();
        final List<Stage> stages = new ArrayList<>();
        // the segment a forward reader of each step's output reads, or null when none is made
        final Producer[] forward = new Producer[steps.size()];
        // the segments a partitioning reader (keyBy, union, two-input) of each step's output reads
        final List<List<Producer>> partitioned = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            final PlanStep step = steps.get(i);
            partitioned.add(List.of());
            if (step instanceof SourceStep source) {
                final Stage stage = new Stage(source.name() + "-" + stages.size(), stages.size(), source, List.of(), false,
                        source.parallelism(), null, null, new int[0]);
                stages.add(stage);
                produce(forward, partitioned, i, new Producer(stage, stage.chain));
                requireConsumed(pipeline, plan, i);
                continue;
            }
            final String where = "pipeline '" + pipeline + "': " + plan.describe(i);
            if (step instanceof UnionStep union) {
                requireConsumed(pipeline, plan, i);
                final List<Producer> producers = new ArrayList<>();
                for (final PlanEdge edge : union.inputs()) {
                    producers.addAll(requirePartitionable(where, plan, partitioned, edge));
                }
                partitioned.set(i, List.copyOf(producers));
                if (readForward(plan, i)) {
                    int parallelism = 1;
                    for (final Producer producer : producers) {
                        parallelism = Math.max(parallelism, producer.stage().parallelism);
                    }
                    final Stage stage = new Stage("union-" + stages.size(), stages.size(), null,
                            edges(producers, EdgeKind.FORWARD, null, 0), false, parallelism, null, null, new int[0]);
                    stages.add(stage);
                    connect(producers, stage, 0);
                    forward[i] = new Producer(stage, stage.chain);
                }
                continue;
            }
            if (step instanceof TwoInputStep two) {
                requireConsumed(pipeline, plan, i);
                final List<Producer> input1 = twoInputProducers(where, plan, partitioned, two, 1);
                final List<Producer> input2 = twoInputProducers(where, plan, partitioned, two, 2);
                int parallelism = two.parallelism();
                if (parallelism == 0) {
                    for (final Producer producer : input1) {
                        parallelism = Math.max(parallelism, producer.stage().parallelism);
                    }
                }
                final List<Stage.Edge> edges = new ArrayList<>(edges(input1, two.input(1).kind(), two.key1(), 1));
                edges.addAll(edges(input2, two.input(2).kind(), two.key2(), 2));
                final Stage stage = new Stage("two-input-" + stages.size(), stages.size(), null, edges, true, parallelism, null, null,
                        new int[0]);
                stages.add(stage);
                connect(input1, stage, 0);
                connect(input2, stage, input1.size());
                stage.chain.add(two.name(), TwoInputChainHead.factory(two.operator()));
                produce(forward, partitioned, i, new Producer(stage, stage.chain));
                continue;
            }
            final PlanEdge edge = requireOneCompiledEdge(pipeline, plan, i);
            final int upstream = edge.upstream();
            if (step instanceof SideOutputStep) {
                continue;
            }
            if (step instanceof SinkStep sink) {
                requireForward(where, forward, upstream).segment().consumers.add(new Segment.Consumer(null, null, -1, sink.sink()));
                continue;
            }
            requireConsumed(pipeline, plan, i);
            if (step instanceof KeyByStep keyBy) {
                final List<Producer> producers = requirePartitionable(where, plan, partitioned, edge);
                partitioned.set(i, producers);
                if (plan.consumers(i).stream().anyMatch(consumer -> !(steps.get(consumer) instanceof TwoInputStep))) {
                    final Stage keyed = new Stage("keyed-" + stages.size(), stages.size(), null,
                            edges(producers, EdgeKind.KEY_PARTITIONED, keyBy.keySelector(), 0), false, keyBy.parallelism(),
                            keyBy.idleStrategy(), placements.get(i), keyBy.cpus().stream().mapToInt(Integer::intValue).toArray());
                    stages.add(keyed);
                    connect(producers, keyed, 0);
                    forward[i] = new Producer(keyed, keyed.chain);
                }
                continue;
            }
            final Producer feeding = requireForward(where, forward, upstream);
            final Segment segment;
            if (consumers(plan, upstream).size() == 1) {
                // the only consumer is fused into the chain of the step it reads (the step is that chain's last)
                segment = feeding.segment();
            } else {
                segment = new Segment();
                feeding.segment().consumers.add(new Segment.Consumer(segment, null, -1, null));
            }
            segment.add(StepOperators.name(step), StepOperators.of(plan, i));
            produce(forward, partitioned, i, new Producer(feeding.stage(), segment));
        }
        return stages;
    }

    private static void produce(final Producer[] forward, final List<List<Producer>> partitioned, final int index, final Producer producer) {
        forward[index] = producer;
        partitioned.set(index, List.of(producer));
    }

    /** @return one edge per producer into a stage */
    private static List<Stage.Edge> edges(final List<Producer> producers, final EdgeKind kind, final KeySelector<?, ?> key, final int input) {
        final List<Stage.Edge> edges = new ArrayList<>();
        for (final Producer producer : producers) {
            edges.add(new Stage.Edge(producer.stage(), kind, key, input));
        }
        return edges;
    }

    /** Each producer's segment feeds the stage's edge of the same position, from {@code firstEdge} on. */
    private static void connect(final List<Producer> producers, final Stage stage, final int firstEdge) {
        for (int j = 0; j < producers.size(); j++) {
            producers.get(j).segment().consumers.add(new Segment.Consumer(null, stage, firstEdge + j, null));
        }
    }

    /** @return true when a step reading over a forward edge (not a keyBy, union or two-input step) reads the step's output */
    private static boolean readForward(final LogicalPlan plan, final int index) {
        for (final int consumer : consumers(plan, index)) {
            final PlanStep step = plan.steps().get(consumer);
            if (!(step instanceof KeyByStep) && !(step instanceof UnionStep) && !(step instanceof TwoInputStep)) {
                return true;
            }
        }
        return false;
    }

    private static Producer requireForward(final String where, final Producer[] forward, final int upstream) {
        if (forward[upstream] == null) {
            throw new IllegalStateException(where + " reads step " + upstream + ", whose records no stage forwards");
        }
        return forward[upstream];
    }

    /** @return the producers of a stream a keyBy or union reads: not a keyed stream */
    private static List<Producer> requirePartitionable(final String where, final LogicalPlan plan, final List<List<Producer>> partitioned,
            final PlanEdge edge) {
        if (plan.steps().get(edge.upstream()) instanceof KeyByStep) {
            throw new UnsupportedOperationException(where + " reads the keyed stream of " + plan.describe(edge.upstream())
                    + ": only a two-input step or a keyed operator reads a keyed stream");
        }
        return partitioned.get(edge.upstream());
    }

    /**
     * @return the producers of one input of a two-input step: a key-partitioned edge from a
     *     {@link KeyByStep} reads that step's input, partitioned by the two-input step's key
     */
    private static List<Producer> twoInputProducers(final String where, final LogicalPlan plan, final List<List<Producer>> partitioned,
            final TwoInputStep two, final int input) {
        final PlanEdge edge = two.input(input);
        final boolean fromKeyBy = plan.steps().get(edge.upstream()) instanceof KeyByStep;
        if (fromKeyBy && edge.kind() != EdgeKind.KEY_PARTITIONED) {
            throw new UnsupportedOperationException(where + ": input " + input + " reads the keyed stream of " + plan.describe(edge.upstream())
                    + " over a " + edge.kind() + " edge: a keyed stream is read over a KEY_PARTITIONED edge");
        }
        return partitioned.get(edge.upstream());
    }

    /** @return the steps reading a step's stream, side outputs declared on it aside */
    private static List<Integer> consumers(final LogicalPlan plan, final int index) {
        return plan.consumers(index).stream().filter(consumer -> !(plan.steps().get(consumer) instanceof SideOutputStep)).toList();
    }

    /** Refuses a stream nothing reads: a branch that leads to no sink would compute for nothing. */
    private static void requireConsumed(final String pipeline, final LogicalPlan plan, final int index) {
        if (consumers(plan, index).isEmpty()) {
            throw new IllegalStateException("pipeline '" + pipeline + "': the stream of " + plan.describe(index)
                    + " leads to no sink: end it with .sink(...)");
        }
    }

    /** @return the one edge a one-input step reads, of the kind its step type compiles to */
    private static PlanEdge requireOneCompiledEdge(final String pipeline, final LogicalPlan plan, final int index) {
        final PlanStep step = plan.steps().get(index);
        final String where = "pipeline '" + pipeline + "': " + plan.describe(index);
        if (step.inputs().size() != 1) {
            throw new UnsupportedOperationException(where + " reads " + step.inputs().size() + " streams: only a UnionStep or a "
                    + "TwoInputStep reads several");
        }
        final PlanEdge edge = step.inputs().get(0);
        final EdgeKind expected = step instanceof KeyByStep ? EdgeKind.KEY_PARTITIONED : EdgeKind.FORWARD;
        if (edge.kind() != expected) {
            throw new UnsupportedOperationException(where + " reads step " + edge.upstream() + " over a " + edge.kind() + " edge: "
                    + step.getClass().getSimpleName() + " compiles from a " + expected + " edge only");
        }
        return edge;
    }
}
