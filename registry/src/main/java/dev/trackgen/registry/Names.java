package dev.trackgen.registry;

/**
 * The rule for the names generators and runtimes register under: they are typed on command lines
 * ({@code --generator NAME}), listed comma-separated ({@code --generator a,b}), and used in file and
 * folder names, so a name is one word: no whitespace or other control characters, no slash or
 * backslash, no comma.
 */
final class Names {
    /** What a refused name is told, after "a generator" or "a runtime". */
    static final String RULE = "name is one word: no spaces, tabs or other control characters, no slashes, "
            + "no commas";

    private Names() {
    }

    /**
     * @param name a non-empty name
     * @return what makes it unusable ("a space", "a tab", "a slash", ...), or {@code null} when it is usable
     */
    static String flaw(String name) {
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            i += Character.charCount(c);
            if (c == ' ') {
                return "a space";
            }
            if (c == '\t') {
                return "a tab";
            }
            if (c == '/') {
                return "a slash";
            }
            if (c == '\\') {
                return "a backslash";
            }
            if (c == ',') {
                return "a comma";
            }
            if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                return "white space";
            }
            if (Character.isISOControl(c)) {
                return "a control character";
            }
        }
        return null;
    }

    /**
     * @param name a name
     * @return it as it can be shown on one line: control characters escaped ({@code \t}, {@code \n}, {@code \u0007})
     */
    static String shown(String name) {
        StringBuilder b = new StringBuilder();
        for (char c : name.toCharArray()) {
            switch (c) {
                case '\t' -> b.append("\\t");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                default -> {
                    if (Character.isISOControl(c)) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
