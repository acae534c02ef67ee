package dev.weir.window;

import dev.weir.state.MergingState;
import dev.weir.state.StateDescriptor;

/** The trigger context during a merge: adds merging of the merged windows' trigger state. */
public interface OnMergeContext extends TriggerContext {
    /**
     * Merges the state of the windows being merged into the resulting window's.
     *
     * @param descriptor a mergeable state
     * @param <S> its type
     */
    <S extends MergingState<?, ?>> void mergePartitionedState(StateDescriptor<S> descriptor);
}
