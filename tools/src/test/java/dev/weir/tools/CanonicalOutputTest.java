package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The canonical form of scenario output (docs/scenarios.md, "Comparing output"): which differences it hides, and which it keeps. */
class CanonicalOutputTest {
    private static String canon(final String text) {
        return CanonicalOutput.canonical(text, false);
    }

    private static String multiset(final String text) {
        return CanonicalOutput.canonical(text, true);
    }

    @Test
    void sortsARunOfFireLinesThatShareOneWatermark() {
        assertEquals("FIRE key=a window=[0,5) count=1 sum=1 elements=[1] wm=9\n"
                        + "FIRE key=b window=[0,5) count=1 sum=1 elements=[2] wm=9\n"
                        + "# lateDropped=0\n",
                canon("FIRE key=b window=[0,5) count=1 sum=1 elements=[2] wm=9\n"
                        + "FIRE key=a window=[0,5) count=1 sum=1 elements=[1] wm=9\n"
                        + "# lateDropped=0\n"));
    }

    @Test
    void keepsTheOrderOfFireLinesWithDifferentWatermarks() {
        final String text = "FIRE key=b window=[0,5) count=1 sum=1 elements=[2] wm=9\n"
                + "FIRE key=a window=[5,9) count=1 sum=1 elements=[6] wm=MAX\n";
        assertEquals(text, canon(text));
    }

    @Test
    void aRunStartsAgainWhenTheWatermarkComesBack() {
        final String text = "FIRE key=b elements=[] wm=1\nFIRE key=z elements=[] wm=2\nFIRE key=a elements=[] wm=1\n";
        assertEquals(text, canon(text));
    }

    @Test
    void anyOtherLineEndsARun() {
        final String text = "FIRE key=b window=[0,5) count=1 sum=1 elements=[2] wm=9\n"
                + "LATE key=k ts=1 value=1\n"
                + "FIRE key=a window=[0,5) count=1 sum=1 elements=[1] wm=9\n"
                + "WM 9\n"
                + "STATUS IDLE\n";
        assertEquals(text, canon(text));
    }

    @Test
    void dropsBlankLinesAndTrailingWhitespaceAndEndsWithOneNewline() {
        assertEquals("WM 1\nWM 2\n", canon("\r\nWM 1  \t\r\n\n   \nWM 2\u00a0"));
    }

    @Test
    void emptyOutputIsOneNewline() {
        assertEquals("\n", canon(""));
    }

    @Test
    void leadingWhitespaceIsKept() {
        assertEquals(" WM 1\n", canon(" WM 1\n"));
    }

    @Test
    void aFireLineWithoutWatermarkIsNotPartOfARun() {
        final String text = "FIRE key=b elements=[2] wm=9\nFIRE key=a elements=[1]\nFIRE key=0 elements=[1] wm=9\n";
        assertEquals(text, canon(text));
    }

    @Test
    void sortsRunsByCodePointLikePython() {
        // UTF-16 order would put the surrogate pair (U+1F600) before U+FFFD; code point order does not.
        final String replacement = "FIRE key=\uFFFD elements=[1] wm=1";
        final String emoji = "FIRE key=\uD83D\uDE00 elements=[1] wm=1";
        assertEquals(replacement + "\n" + emoji + "\n", canon(emoji + "\n" + replacement));
    }

    @Test
    void elementsKeepTheirOrderWithoutMultiset() {
        final String text = "FIRE key=k window=[7,13) count=2 sum=2 elements=[10000,7000] wm=17999\n";
        assertEquals(text, canon(text));
    }

    @Test
    void multisetSortsElementsNumerically() {
        assertEquals("FIRE key=k window=[-20,13) count=5 sum=5 elements=[-10,-9,2,10,10] wm=MAX\n",
                multiset("FIRE key=k window=[-20,13) count=5 sum=5 elements=[10,-9,2,-10,10] wm=MAX\n"));
    }

    @Test
    void multisetSortsNonIntegersAsZeroKeepingTheirOrder() {
        assertEquals("FIRE elements=[-1,x,,y,5] wm=1\n", multiset("FIRE elements=[x,5,,-1,y] wm=1\n"));
    }

    @Test
    void multisetLeavesEmptyElementsAndOtherLinesAlone() {
        assertEquals("FIRE key=k elements=[] wm=1\nLATE elements=[3,1]\n", multiset("FIRE key=k elements=[] wm=1\nLATE elements=[3,1]\n"));
    }

    @Test
    void multisetSortsOnlyTheFirstElementsList() {
        assertEquals("FIRE elements=[1,2] note=elements=[9,8] wm=1\n", multiset("FIRE elements=[2,1] note=elements=[9,8] wm=1\n"));
    }

    @Test
    void multisetSortsElementsBeforeTheRunIsSorted() {
        // After sorting elements both lines start alike, so the run order is decided by the rest.
        assertEquals("FIRE key=k elements=[1,2] sum=1 wm=5\nFIRE key=k elements=[1,2] sum=2 wm=5\n",
                multiset("FIRE key=k elements=[2,1] sum=2 wm=5\nFIRE key=k elements=[1,2] sum=1 wm=5\n"));
    }

    @Test
    void sessionOutputsThatDifferOnlyInMergeOrderAreEqualAsMultisets() {
        final List<String> engine = List.of(
                "FIRE key=k window=[7000,13000) count=2 sum=2 elements=[7000,10000] wm=17999", "# lateDropped=0");
        final List<String> expected = List.of(
                "FIRE key=k window=[7000,13000) count=2 sum=2 elements=[10000,7000] wm=17999", "# lateDropped=0");
        assertEquals(CanonicalOutput.canonical(expected, true), CanonicalOutput.canonical(engine, true));
        assertNotEquals(CanonicalOutput.canonical(expected, false), CanonicalOutput.canonical(engine, false));
    }

    @Test
    void differentContentStaysDifferent() {
        assertNotEquals(canon("FIRE key=a elements=[1] wm=1\n# lateDropped=0\n"), canon("FIRE key=a elements=[1] wm=1\n# lateDropped=1\n"));
        assertNotEquals(canon("WM 1\nSTATUS IDLE\n"), canon("STATUS IDLE\nWM 1\n"));
    }
}
