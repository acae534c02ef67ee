package dev.weir.nexmark;

import java.util.Random;

/** The random strings and prices of the events, drawn from the event's seeded {@link Random} into reused texts. */
final class RandomText {
    /** The shortest random word before trimming. */
    private static final int MIN_WORD = 3;
    /** One character in this many of a word is a space. */
    private static final int SPACE_ODDS = 13;
    private static final int LETTERS = 26;
    /** Letters drawn from one {@code nextInt}: 26^6 &lt; 2^31. */
    private static final int LETTERS_PER_INT = 6;
    /** The extra padding's length varies by this fraction of its mean either way. */
    private static final double EXTRA_SPREAD = 0.2;
    /** Prices span this many decades, in cents: from $1 to $1,000,000. */
    private static final double PRICE_DECADES = 6.0;
    private static final double CENTS = 100.0;

    private RandomText() {
    }

    /**
     * Appends a word of {@code 3 + nextInt(maxLength - 3)} characters, each a space (odds 1 in 13) or a lower-case
     * letter, then trims the spaces at both ends of what it appended.
     */
    static void appendWord(final Random random, final int maxLength, final AsciiText text) {
        final int start = text.length();
        int remaining = MIN_WORD + random.nextInt(maxLength - MIN_WORD);
        while (remaining-- > 0) {
            if (random.nextInt(SPACE_ODDS) == 0) {
                text.append(' ');
            } else {
                text.append((char) ('a' + random.nextInt(LETTERS)));
            }
        }
        text.trimFrom(start);
    }

    /**
     * Fills {@code text} with padding such that {@code currentSize} plus its length averages {@code averageSize}: empty
     * when the event is already larger, else 80 % to 120 % of the difference, in characters from six per
     * {@code nextInt} ({@code 'a' + r % 26}, which runs below {@code 'a'} for negative draws).
     */
    static void fillExtra(final Random random, final int currentSize, final int averageSize, final AsciiText text) {
        text.clear();
        if (currentSize > averageSize) {
            return;
        }
        final int mean = averageSize - currentSize;
        final int delta = (int) Math.round(mean * EXTRA_SPREAD);
        int remaining = mean - delta + (delta == 0 ? 0 : random.nextInt(2 * delta));
        int draw = 0;
        int left = 0;
        while (remaining-- > 0) {
            if (left == 0) {
                draw = random.nextInt();
                left = LETTERS_PER_INT;
            }
            text.append((char) ('a' + draw % LETTERS));
            draw /= LETTERS;
            left--;
        }
    }

    /** A price in cents, log-uniform over six decades: {@code round(10^(6u) * 100)}. */
    static long price(final Random random) {
        return Math.round(Math.pow(10.0, random.nextDouble() * PRICE_DECADES) * CENTS);
    }
}
