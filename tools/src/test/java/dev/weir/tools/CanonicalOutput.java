package dev.weir.tools;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The canonical form of scenario output (docs/scenarios.md, "Comparing output"):
 * blank lines are dropped and trailing whitespace is stripped; each run of consecutive
 * {@code FIRE} (or {@code JOIN}) lines that share one {@code wm=} value is sorted (lines that one watermark
 * produces for different keys may come in any order); every other line keeps its place and
 * ends a run. With {@code mergeMultiset} (session-window jobs) the {@code elements=[...]}
 * list of each {@code FIRE} line is sorted numerically first, so merged windows compare as
 * multisets. The text ends with one newline.
 *
 * <p>The rules match what a checker in Python gets with {@code str.splitlines},
 * {@code str.rstrip} and {@code sorted}: lines are split at every Unicode line boundary,
 * whitespace is Unicode whitespace (no-break spaces included), runs are sorted by code point,
 * and an element that is not an integer sorts as 0, keeping its relative order.
 */
public final class CanonicalOutput {
    private static final Pattern LINE_BREAK = Pattern.compile("\\r\\n|[\\n\\r\\x0B\\f\\x1C\\x1D\\x1E\\x{85}\\x{2028}\\x{2029}]");
    private static final Pattern FIRE_WM = Pattern.compile("^(?:FIRE|JOIN) .* wm=([^\\s\\x1F]+)$", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern ELEMENTS = Pattern.compile("elements=\\[([^\\]]*)\\]");
    private static final Pattern INTEGER = Pattern.compile("-?\\p{Nd}+");
    private static final Comparator<String> BY_CODE_POINT = (left, right) -> Arrays.compare(left.codePoints().toArray(), right.codePoints().toArray());

    private CanonicalOutput() {
    }

    /**
     * @param text scenario output (or an expected.txt)
     * @param mergeMultiset compare the elements of each FIRE line as a multiset (session windows)
     * @return the canonical text
     */
    public static String canonical(final String text, final boolean mergeMultiset) {
        final List<String> out = new ArrayList<>();
        final List<String> run = new ArrayList<>();
        String runWatermark = null;
        for (final String rawLine : LINE_BREAK.split(text, -1)) {
            String line = stripTrailing(rawLine);
            if (line.isEmpty()) {
                continue;
            }
            if (mergeMultiset && line.startsWith("FIRE ")) {
                line = sortElements(line);
            }
            final Matcher fire = FIRE_WM.matcher(line);
            if (fire.matches()) {
                if (!run.isEmpty() && !fire.group(1).equals(runWatermark)) {
                    flush(run, out);
                }
                runWatermark = fire.group(1);
                run.add(line);
            } else {
                flush(run, out);
                runWatermark = null;
                out.add(line);
            }
        }
        flush(run, out);
        return String.join("\n", out) + "\n";
    }

    /**
     * @param lines scenario output lines
     * @param mergeMultiset compare the elements of each FIRE line as a multiset (session windows)
     * @return the canonical text
     */
    public static String canonical(final List<String> lines, final boolean mergeMultiset) {
        return canonical(String.join("\n", lines), mergeMultiset);
    }

    private static void flush(final List<String> run, final List<String> out) {
        run.sort(BY_CODE_POINT);
        out.addAll(run);
        run.clear();
    }

    /** Sorts the first {@code elements=[...]} list numerically, non-integers as 0, stably. */
    public static String sortElements(final String line) {
        final Matcher elements = ELEMENTS.matcher(line);
        if (!elements.find() || elements.group(1).isEmpty()) {
            return line;
        }
        final List<String> items = new ArrayList<>(Arrays.asList(elements.group(1).split(",", -1)));
        items.sort(Comparator.comparing(CanonicalOutput::sortKey));
        return line.substring(0, elements.start(1)) + String.join(",", items) + line.substring(elements.end(1));
    }

    private static BigInteger sortKey(final String item) {
        return INTEGER.matcher(item).matches() ? new BigInteger(item) : BigInteger.ZERO;
    }

    /** Python's {@code str.rstrip()}: strips Unicode whitespace, including no-break spaces. */
    private static String stripTrailing(final String line) {
        int end = line.length();
        while (end > 0 && isPythonSpace(line.charAt(end - 1))) {
            end--;
        }
        return line.substring(0, end);
    }

    private static boolean isPythonSpace(final char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\u0085';
    }
}
