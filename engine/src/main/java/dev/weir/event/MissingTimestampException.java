package dev.weir.event;

/** A record without an event timestamp reached an operator that needs one (docs/semantics.md §1). */
public final class MissingTimestampException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** @param where the operator or assigner that needed the timestamp */
    public MissingTimestampException(final String where) {
        super("record has no timestamp: did you assign timestamps? (" + where + " needs event time)");
    }
}
