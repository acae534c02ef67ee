package dev.weir.plan;

/**
 * How the records of an upstream step reach a step of a {@link LogicalPlan}: the partitioning of
 * one {@link PlanEdge}, named after Flink's partitioners.
 */
public enum EdgeKind {
    /** Each record goes on to the step in the same task, in order (Flink's forward partitioning). */
    FORWARD,
    /** Each record goes to the instance that owns its key group: the input edge of a {@link KeyByStep} (Flink's hash partitioning). */
    KEY_PARTITIONED,
    /** Each record, watermark, barrier and end of input goes to every instance of the step: input 2 of a {@link TwoInputStep} made from a broadcast stream. */
    BROADCAST,
    /** The records of several upstream steps are merged into one stream: the inputs of a {@link UnionStep}. */
    UNION
}
