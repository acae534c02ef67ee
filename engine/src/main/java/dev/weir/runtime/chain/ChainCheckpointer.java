package dev.weir.runtime.chain;

import dev.weir.checkpoint.CheckpointCoordinator;
import dev.weir.checkpoint.CheckpointDirectory;
import dev.weir.checkpoint.CheckpointException;
import dev.weir.checkpoint.CheckpointFile;
import dev.weir.checkpoint.Manifest;
import dev.weir.checkpoint.SnapshotEntryVisitor;
import dev.weir.checkpoint.SnapshotFileReader;
import dev.weir.checkpoint.SnapshotFileWriter;
import dev.weir.clock.Clock;
import dev.weir.operator.CheckpointedOperator;
import dev.weir.operator.OperatorSnapshot;
import dev.weir.state.KeyGroupRange;
import dev.weir.state.KeyGroups;
import dev.weir.timer.TimeDomain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checkpoints one task's operator chain: at an aligned barrier it writes the state and timers of
 * every {@link CheckpointedOperator} of the chain into {@code chk-<id>/<operator>-<instance>.state},
 * forwards the barrier (downstream channels, or the sink), then acknowledges to the
 * {@link CheckpointCoordinator}. On restore it reads the state files of each of its operators
 * written by every instance of the checkpoint (whatever its parallelism was) and keeps the
 * entries and timers of the key groups this instance owns, so the job may be rescaled. Broadcast
 * state (operator state every instance holds the whole of) is written by instance 0 only and
 * restored into every instance. The task's thread only.
 */
public final class ChainCheckpointer implements BarrierAligner.Handler {
    private final CheckpointCoordinator coordinator;
    private final OperatorChain chain;
    private final List<String> operatorIds;
    private final int instance;
    private final int parallelism;
    private final int maxParallelism;
    private final Clock clock;

    /**
     * @param coordinator completes checkpoints; null when the pipeline only restores
     * @param chain the task's operators
     * @param operatorIds the checkpoint name of each operator of the chain, in chain order: unique
     *     in the pipeline and the same in the pipeline that restores
     * @param instance the task's instance index
     * @param parallelism its stage's parallelism
     * @param maxParallelism the number of key groups
     * @param clock processing time
     */
    public ChainCheckpointer(final CheckpointCoordinator coordinator, final OperatorChain chain, final List<String> operatorIds,
            final int instance, final int parallelism, final int maxParallelism, final Clock clock) {
        if (operatorIds.size() != chain.operators().size()) {
            throw new IllegalArgumentException(operatorIds.size() + " operator names for " + chain.operators().size() + " operators");
        }
        this.coordinator = coordinator;
        this.chain = chain;
        this.operatorIds = List.copyOf(operatorIds);
        this.instance = instance;
        this.parallelism = parallelism;
        this.maxParallelism = maxParallelism;
        this.clock = clock;
    }

    /**
     * @return what each checkpointed operator of the chain is ({@link CheckpointedOperator#fingerprint()}),
     *     by checkpoint name, in chain order
     */
    public Map<String, Map<String, String>> fingerprint() {
        final Map<String, Map<String, String>> fingerprint = new LinkedHashMap<>();
        final List<Object> operators = TwoInputChainHead.unwrapped(chain.operators());
        for (int i = 0; i < operators.size(); i++) {
            if (operators.get(i) instanceof CheckpointedOperator) {
                fingerprint.put(operatorIds.get(i), ((CheckpointedOperator) operators.get(i)).fingerprint());
            }
        }
        return fingerprint;
    }

    @Override
    public void aligned(final long checkpointId) {
        checkpoint(checkpointId, List.of());
    }

    /**
     * Snapshots the chain's operators, forwards the barrier and acknowledges the checkpoint.
     *
     * @param checkpointId the checkpoint
     * @param written files the task wrote already (a source's positions), acknowledged with the operators'
     * @throws CheckpointException if a file cannot be written
     */
    public void checkpoint(final long checkpointId, final List<CheckpointFile> written) {
        final List<CheckpointFile> files = new ArrayList<>(written);
        final List<Object> operators = TwoInputChainHead.unwrapped(chain.operators());
        for (int i = 0; i < operators.size(); i++) {
            if (operators.get(i) instanceof CheckpointedOperator) {
                files.add(write(checkpointId, operatorIds.get(i), (CheckpointedOperator) operators.get(i)));
            }
        }
        chain.barrier(checkpointId);
        if (coordinator != null) {
            coordinator.acknowledge(checkpointId, files, clock.millis());
        }
    }

    /** Refuses to restore an operator into one that differs from the checkpoint's, naming the first difference. */
    private static void requireSame(final CheckpointDirectory directory, final Manifest manifest, final String operatorId,
            final Map<String, String> aspects) {
        final Map<String, String> recorded = manifest.fingerprint().get(operatorId);
        final String where = "cannot restore checkpoint " + manifest.checkpointId() + " in " + directory.checkpointDir(manifest.checkpointId())
                + ": operator " + operatorId;
        if (recorded == null) {
            // every checkpointed operator is described: a checkpoint without this one is another job's, and would restore it empty
            throw new CheckpointException(where + ": the checkpoint does not describe it (its job had operators "
                    + manifest.fingerprint().keySet() + ")");
        }
        for (final Map.Entry<String, String> aspect : aspects.entrySet()) {
            final String was = recorded.getOrDefault(aspect.getKey(), "none");
            if (!was.equals(aspect.getValue())) {
                throw new CheckpointException(where + ": " + aspect.getKey() + ": checkpoint has " + was + ", job has " + aspect.getValue());
            }
        }
        for (final Map.Entry<String, String> aspect : recorded.entrySet()) {
            if (!aspects.containsKey(aspect.getKey())) {
                throw new CheckpointException(where + ": " + aspect.getKey() + ": checkpoint has " + aspect.getValue() + ", job has none");
            }
        }
    }

    private CheckpointFile write(final long checkpointId, final String operatorId, final CheckpointedOperator operator) {
        final Path file = coordinator.checkpointDir(checkpointId).resolve(operatorId + "-" + instance + ".state");
        return writeState(file, checkpointId, operatorId, instance, parallelism, maxParallelism, operator);
    }

    /**
     * Writes one operator instance's state file: its keyed state and timers, and, from instance 0
     * only, its broadcast state (every instance holds the same, so it is written once per checkpoint).
     *
     * @param file the file to create
     * @param checkpointId the checkpoint
     * @param operatorId the operator's checkpoint name
     * @param instance the instance's index
     * @param parallelism its stage's parallelism
     * @param maxParallelism the number of key groups
     * @param operator the operator
     * @return the file written, for the manifest
     * @throws CheckpointException if the file cannot be written
     */
    public static CheckpointFile writeState(final Path file, final long checkpointId, final String operatorId, final int instance,
            final int parallelism, final int maxParallelism, final CheckpointedOperator operator) {
        try (SnapshotFileWriter writer = SnapshotFileWriter.forState(file, checkpointId, maxParallelism)) {
            final OperatorSnapshot snapshot = new OperatorSnapshot() {
                @Override
                public void entry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value) {
                    try {
                        writer.stateEntry(stateName, keyGroup, key, namespace, value);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }

                @Override
                public void timer(final TimeDomain domain, final long timestamp, final Object key, final Object namespace) {
                    try {
                        writer.timer(domain, timestamp, key, namespace);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }

                @Override
                public void broadcastEntry(final String stateName, final Object key, final Object value) {
                    try {
                        writer.broadcastStateEntry(stateName, key, value);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            };
            operator.snapshotState(snapshot);
            if (instance == 0) {
                operator.snapshotBroadcastState(snapshot);
            }
            return new CheckpointFile(CheckpointFile.Kind.OPERATOR_STATE, operatorId, instance, parallelism,
                    file.getFileName().toString(), writer.finish(), writer.checksum());
        } catch (IOException | UncheckedIOException e) {
            throw new CheckpointException("cannot write checkpoint file " + file + ": " + e, e);
        }
    }

    /**
     * Restores one state file of an operator (written by any instance, at any parallelism) into an
     * operator instance: the keyed entries and timers of the key groups it owns, and every broadcast
     * state entry (only instance 0's file holds them).
     *
     * @param file a state file of the operator
     * @param operator the opened operator instance
     * @param owned the key groups the instance owns
     * @throws CheckpointException if the file is missing or unreadable
     */
    public static void restoreState(final Path file, final CheckpointedOperator operator, final KeyGroupRange owned) {
        SnapshotFileReader.readState(file, new SnapshotEntryVisitor() {
            @Override
            public void stateEntry(final String stateName, final int keyGroup, final Object key, final Object namespace, final Object value) {
                if (owned.contains(keyGroup)) {
                    operator.restoreStateEntry(stateName, keyGroup, key, namespace, value);
                }
            }

            @Override
            public void timer(final TimeDomain domain, final int keyGroup, final long timestamp, final Object key, final Object namespace) {
                if (owned.contains(keyGroup)) {
                    operator.restoreTimer(domain, timestamp, key, namespace);
                }
            }

            @Override
            public void broadcastStateEntry(final String stateName, final Object key, final Object value) {
                operator.restoreBroadcastStateEntry(stateName, key, value);
            }
        });
    }

    /**
     * Restores the chain's operators from a complete checkpoint; after the operators were opened,
     * before the first record. Every checkpointed operator must be described by the checkpoint.
     *
     * @param directory the checkpoint directory
     * @param manifest the checkpoint's manifest
     * @throws CheckpointException if an operator differs from the one that wrote the checkpoint
     *     (its fingerprint) or the checkpoint does not describe it, or a file is missing or unreadable
     */
    public void restore(final CheckpointDirectory directory, final Manifest manifest) {
        fingerprint().forEach((operatorId, aspects) -> requireSame(directory, manifest, operatorId, aspects));
        final KeyGroupRange owned = KeyGroups.rangeFor(maxParallelism, parallelism, instance);
        final List<Object> operators = TwoInputChainHead.unwrapped(chain.operators());
        for (int i = 0; i < operators.size(); i++) {
            if (!(operators.get(i) instanceof CheckpointedOperator)) {
                continue;
            }
            final CheckpointedOperator operator = (CheckpointedOperator) operators.get(i);
            for (final CheckpointFile file : manifest.files(CheckpointFile.Kind.OPERATOR_STATE, operatorIds.get(i))) {
                restoreState(directory.file(manifest, file), operator, owned);
            }
        }
    }
}
