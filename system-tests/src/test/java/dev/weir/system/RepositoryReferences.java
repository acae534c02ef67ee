package dev.weir.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds references in a repository's text files that do not resolve: names of files the
 * repository must not depend on, relative markdown links to missing files or headings, and
 * citations of doc sections ({@code docs/semantics.md §2}, {@code docs/runtime.md, "CPU pinning"})
 * that name a missing file or section. Each finding is one line {@code FILE:LINE: what is wrong},
 * with {@code FILE} relative to the root. Text files are all files under the root without NUL
 * bytes, outside {@code target/} and {@code .git}. Not thread-safe; one instance per check.
 */
final class RepositoryReferences {
    private static final Set<String> SKIPPED = Set.of("target", ".git");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(```|~~~)");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})[ \\t]+(.*?)(?:[ \\t]+#+)?[ \\t]*$");
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
    private static final Pattern INLINE_LINK = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");
    private static final Pattern NOT_IN_ANCHOR = Pattern.compile("[^\\p{L}\\p{N}\\p{M}\\p{Pc} -]");
    private static final Pattern SECTION_CITATION = Pattern.compile(
            "([\\w./-]*\\w\\.md) §(\\d+)((?:\\s*(?:,|and|-|–)\\s*§?\\d+)*)");
    private static final Pattern MORE_SECTIONS = Pattern.compile("\\d+");
    private static final Pattern TITLE_CITATION = Pattern.compile("([\\w./-]*\\w\\.md), \"([^\"]{1,200})\"");
    private static final Pattern DOCS_FILE = Pattern.compile("(?<![\\w./-])docs/[\\w-]+\\.md");
    private static final Pattern COMMENT_CONTINUATION = Pattern.compile("\\s*\\R\\s*(?:\\*|//|#)?\\s*");

    private final Path root;
    private final Set<Path> excluded;
    private final Map<Path, List<Heading>> headings = new HashMap<>();

    /**
     * @param root the repository's root directory
     * @param excluded files (relative to the root) that are not checked, such as a test that must name what it forbids
     */
    RepositoryReferences(final Path root, final Set<Path> excluded) {
        this.root = root.toAbsolutePath().normalize();
        this.excluded = excluded;
    }

    /**
     * @param names strings no text file may contain (matched case-sensitively)
     * @return one finding per line that contains one of them
     */
    List<String> foreignNames(final List<String> names) {
        final List<String> findings = new ArrayList<>();
        for (final Path file : textFiles()) {
            final List<String> lines = lines(file);
            for (int i = 0; i < lines.size(); i++) {
                for (final String name : names) {
                    if (lines.get(i).contains(name)) {
                        findings.add(where(file, i + 1) + "mentions " + name);
                    }
                }
            }
        }
        return findings;
    }

    /**
     * Checks every relative markdown link of README.md and docs/*.md: its file must exist and
     * its {@code #anchor} must be a heading of the target, by GitHub's anchor rule. Links inside
     * code blocks and code spans are not links.
     *
     * @return one finding per broken link
     */
    List<String> brokenLinks() {
        final List<String> findings = new ArrayList<>();
        for (final Path file : markdownPages()) {
            final List<String> lines = lines(file);
            boolean inFence = false;
            for (int i = 0; i < lines.size(); i++) {
                final String line = lines.get(i);
                if (FENCE.matcher(line).find()) {
                    inFence = !inFence;
                    continue;
                }
                if (inFence) {
                    continue;
                }
                final Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
                while (link.find()) {
                    final String problem = brokenLink(file, link.group(1));
                    if (problem != null) {
                        findings.add(where(file, i + 1) + problem);
                    }
                }
            }
        }
        return findings;
    }

    /**
     * Checks every citation in every text file: a file name with a section number such as
     * {@code docs/semantics.md §2} (also {@code §1, §2}, {@code §3-4}, {@code §1 and §5}) needs
     * the heading {@code ## 2.} in that file; a file name with a quoted title, a comma between
     * them, needs a heading that starts with the title (case and line breaks aside); and every
     * file named under {@code docs/} must exist. Names starting with {@code docs/} are resolved
     * from the root, any other from the citing file's directory.
     *
     * @return one finding per citation that does not resolve
     */
    List<String> brokenCitations() {
        final List<String> findings = new ArrayList<>();
        for (final Path file : textFiles()) {
            final String text = read(file);
            final Matcher section = SECTION_CITATION.matcher(text);
            while (section.find()) {
                final List<String> numbers = new ArrayList<>();
                numbers.add(section.group(2));
                final Matcher more = MORE_SECTIONS.matcher(section.group(3));
                while (more.find()) {
                    numbers.add(more.group());
                }
                final Path target = resolve(file, section.group(1));
                for (final String number : numbers) {
                    final String problem = missingSection(section.group(1), target, number);
                    if (problem != null) {
                        findings.add(where(file, lineOf(text, section.start())) + problem);
                    }
                }
            }
            final Matcher title = TITLE_CITATION.matcher(text);
            while (title.find()) {
                final String quoted = COMMENT_CONTINUATION.matcher(title.group(2)).replaceAll(" ").trim();
                final String problem = missingTitle(title.group(1), resolve(file, title.group(1)), quoted);
                if (problem != null) {
                    findings.add(where(file, lineOf(text, title.start())) + problem);
                }
            }
            final Matcher docs = DOCS_FILE.matcher(text);
            while (docs.find()) {
                if (!Files.isRegularFile(root.resolve(docs.group()))) {
                    findings.add(where(file, lineOf(text, docs.start())) + docs.group() + " does not exist");
                }
            }
        }
        return findings;
    }

    /**
     * GitHub's anchor of a heading: markup and punctuation removed, lower case, each space a
     * hyphen.
     *
     * @param heading the heading's text, without the leading #s
     * @return its anchor, before duplicates get their {@code -1}, {@code -2}, ... suffix
     */
    static String anchor(final String heading) {
        final String text = INLINE_LINK.matcher(heading).replaceAll("$1");
        return NOT_IN_ANCHOR.matcher(text.toLowerCase(Locale.ROOT)).replaceAll("").replace(' ', '-');
    }

    private String brokenLink(final Path file, final String target) {
        if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            return null;
        }
        final int hash = target.indexOf('#');
        final String path = hash < 0 ? target : target.substring(0, hash);
        final String fragment = hash < 0 ? "" : target.substring(hash + 1);
        final Path resolved = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
        if (!resolved.startsWith(root) || !Files.exists(resolved)) {
            return "link to " + target + ": " + path + " does not exist";
        }
        if (!fragment.isEmpty() && resolved.toString().endsWith(".md")
                && headings(resolved).stream().noneMatch(heading -> heading.anchor.equals(fragment))) {
            return "link to " + target + ": " + relative(resolved) + " has no heading with the anchor #" + fragment;
        }
        return null;
    }

    private String missingSection(final String cited, final Path target, final String number) {
        if (!Files.isRegularFile(target)) {
            return cited + " §" + number + ": " + cited + " does not exist";
        }
        final boolean found = headings(target).stream().anyMatch(heading -> heading.level == 2 && heading.text.startsWith(number + ". "));
        return found ? null : cited + " §" + number + ": " + relative(target) + " has no heading '## " + number + ".'";
    }

    private String missingTitle(final String cited, final Path target, final String title) {
        if (!Files.isRegularFile(target)) {
            return cited + ", \"" + title + "\": " + cited + " does not exist";
        }
        final String wanted = title.toLowerCase(Locale.ROOT);
        final boolean found = headings(target).stream()
                .anyMatch(heading -> heading.text.replace("`", "").toLowerCase(Locale.ROOT).startsWith(wanted));
        return found ? null : cited + ", \"" + title + "\": " + relative(target) + " has no heading starting with it";
    }

    private Path resolve(final Path citingFile, final String cited) {
        return (cited.startsWith("docs/") ? root.resolve(cited) : citingFile.getParent().resolve(cited)).normalize();
    }

    private List<Heading> headings(final Path markdown) {
        return headings.computeIfAbsent(markdown, file -> {
            final List<Heading> found = new ArrayList<>();
            final Map<String, Integer> seen = new HashMap<>();
            boolean inFence = false;
            for (final String line : lines(file)) {
                if (FENCE.matcher(line).find()) {
                    inFence = !inFence;
                    continue;
                }
                final Matcher heading = HEADING.matcher(line);
                if (!inFence && heading.matches()) {
                    final String text = heading.group(2);
                    final String anchor = anchor(text);
                    final int repeats = seen.merge(anchor, 1, Integer::sum) - 1;
                    found.add(new Heading(heading.group(1).length(), text, repeats == 0 ? anchor : anchor + "-" + repeats));
                }
            }
            return found;
        });
    }

    private List<Path> markdownPages() {
        final List<Path> pages = new ArrayList<>();
        final Path readme = root.resolve("README.md");
        if (Files.isRegularFile(readme)) {
            pages.add(readme);
        }
        final Path docs = root.resolve("docs");
        if (Files.isDirectory(docs)) {
            try (Stream<Path> files = Files.list(docs)) {
                pages.addAll(files.filter(file -> file.toString().endsWith(".md") && Files.isRegularFile(file)).sorted().collect(Collectors.toList()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return pages;
    }

    private List<Path> textFiles() {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> {
                        final Path relative = root.relativize(file);
                        for (final Path part : relative) {
                            if (SKIPPED.contains(part.toString())) {
                                return false;
                            }
                        }
                        return !excluded.contains(relative) && isText(file);
                    })
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isText(final Path file) {
        try {
            for (final byte b : Files.readAllBytes(file)) {
                if (b == 0) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(final Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> lines(final Path file) {
        return read(file).lines().collect(Collectors.toList());
    }

    private static int lineOf(final String text, final int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private String where(final Path file, final int line) {
        return relative(file) + ":" + line + ": ";
    }

    private String relative(final Path file) {
        return root.relativize(file).toString();
    }

    /** A markdown heading: its level (number of #s), text and GitHub anchor. */
    private static final class Heading {
        private final int level;
        private final String text;
        private final String anchor;

        Heading(final int level, final String text, final String anchor) {
            this.level = level;
            this.text = text;
            this.anchor = anchor;
        }
    }
}
