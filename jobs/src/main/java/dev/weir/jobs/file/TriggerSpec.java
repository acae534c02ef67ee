package dev.weir.jobs.file;

import dev.weir.codec.input.DecimalLong;
import dev.weir.codec.input.QuotedText;

/**
 * A trigger as a job file names it: {@code event-time}, {@code processing-time},
 * {@code count:N}, {@code purging-count:N} or {@code continuous-event-time:MS} (the interval in milliseconds, or
 * with a unit: {@code continuous-event-time:5s}).
 */
public final class TriggerSpec {
    /** The names a job file may use, for error messages. */
    public static final String VALID = "event-time, processing-time, count:N, purging-count:N, continuous-event-time:MS";

    /** The trigger kinds. */
    public enum Kind {
        /** Fire when the watermark passes the window end. */
        EVENT_TIME,
        /** Fire when processing time passes the window end. */
        PROCESSING_TIME,
        /** Fire every N records. */
        COUNT,
        /** Fire and purge every N records. */
        PURGING_COUNT,
        /** Fire every MS of event time and at the window end. */
        CONTINUOUS_EVENT_TIME
    }

    private final Kind kind;
    private final long parameter;

    private TriggerSpec(final Kind kind, final long parameter) {
        this.kind = kind;
        this.parameter = parameter;
    }

    /**
     * @param text the job file's value
     * @return the trigger, or null if the text names none
     * @throws IllegalArgumentException if the parameter is not a positive integer
     */
    public static TriggerSpec parse(final String text) {
        switch (text) {
            case "event-time":
                return new TriggerSpec(Kind.EVENT_TIME, 0);
            case "processing-time":
                return new TriggerSpec(Kind.PROCESSING_TIME, 0);
            default:
                break;
        }
        final int colon = text.indexOf(':');
        if (colon < 0) {
            return null;
        }
        final Kind kind;
        switch (text.substring(0, colon)) {
            case "count":
                kind = Kind.COUNT;
                break;
            case "purging-count":
                kind = Kind.PURGING_COUNT;
                break;
            case "continuous-event-time":
                kind = Kind.CONTINUOUS_EVENT_TIME;
                break;
            default:
                return null;
        }
        final String number = text.substring(colon + 1).trim();
        final long parameter;
        if (kind == Kind.CONTINUOUS_EVENT_TIME && !DecimalLong.isDigits(number)) {
            try {
                parameter = DurationText.millis(number);
            } catch (final ArithmeticException e) {
                throw new IllegalArgumentException(QuotedText.of(text) + " needs an interval in 1.." + Long.MAX_VALUE + " ms, got " + number);
            } catch (final NumberFormatException e) {
                throw new IllegalArgumentException(QuotedText.of(number) + " in " + QuotedText.of(text) + " is not a duration ("
                        + DurationText.FORMS + ")");
            }
            if (parameter <= 0) {
                throw new IllegalArgumentException("'" + text + "' needs a positive interval");
            }
            return new TriggerSpec(kind, parameter);
        }
        try {
            parameter = DecimalLong.parse(number);
        } catch (NumberFormatException e) {
            if (DecimalLong.isDigits(number)) {
                throw new IllegalArgumentException(QuotedText.of(text) + " needs a number in 1.." + Long.MAX_VALUE + ", got " + number);
            }
            throw new IllegalArgumentException(QuotedText.of(number) + " in " + QuotedText.of(text) + " is not an integer");
        }
        if (parameter <= 0) {
            throw new IllegalArgumentException("'" + text + "' needs a positive number");
        }
        return new TriggerSpec(kind, parameter);
    }

    /** @return the trigger kind */
    public Kind kind() {
        return kind;
    }

    /** @return N or MS; 0 for the time triggers */
    public long parameter() {
        return parameter;
    }

    /**
     * @return true for triggers that need time windows: those that fire only at a window's end,
     *     which the global window never reaches before end of input
     */
    public boolean needsTimeWindows() {
        return kind == Kind.EVENT_TIME || kind == Kind.PROCESSING_TIME;
    }
}
