// Package i18ntest holds what only the tests of Parlor's words use: it
// finds the messages in the source (with go/parser) and writes the
// English catalog from them. It lives apart from package i18n so that the
// parser does not ship in the program.
package i18ntest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"parlor/bot/i18n"
)

// Markers are the names of the functions whose first argument, a string
// constant, is a message: the English text a catalog translates. They
// are how Extract finds Parlor's words in its source:
//
//   - T, the text said in a language (i18n.T, and the bot's and the
//     painters' T);
//   - N, which marks a text said later (bot.N: a menu's name kept in a
//     table);
//   - sorry, a refusal said to the user who acted;
//   - rules.Textf, rules.Illegalf, rules.NotYetf, rules.ThrowFirstf and
//     rules.Word, the engines' words.
var Markers = []string{"T", "N", "sorry", "Textf", "Illegalf", "NotYetf", "ThrowFirstf", "Word"}

// Extract lists the messages of the Go files (tests left out) in dirs,
// each with where it was first found.
func Extract(dirs ...string) (map[string]string, error) {
	found := map[string]string{}
	for _, dir := range dirs {
		fset := token.NewFileSet()
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			return nil, err
		}
		var files []*ast.File
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			files = append(files, f)
		}
		consts := stringConsts(files)
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 || !slices.Contains(Markers, funcName(call.Fun)) {
					return true
				}
				s, ok := stringOf(call.Args[0], consts)
				if !ok {
					// A message given by its caller, which marks it (N).
					return true
				}
				if _, ok := found[s]; !ok {
					pos := fset.Position(call.Pos())
					found[s] = fmt.Sprintf("%s:%d", filepath.ToSlash(pos.Filename), pos.Line)
				}
				return true
			})
		}
	}
	return found, nil
}

// funcName is the name a call calls: f for f(…) and x.f(…).
func funcName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.IndexExpr:
		return funcName(e.X)
	}
	return ""
}

// stringConsts are the string constants the files declare, by name.
func stringConsts(files []*ast.File) map[string]string {
	out := map[string]string{}
	for range 3 { // constants made of constants
		for _, f := range files {
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.CONST {
					continue
				}
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, name := range vs.Names {
						if i < len(vs.Values) {
							if s, ok := stringOf(vs.Values[i], out); ok {
								out[name.Name] = s
							}
						}
					}
				}
			}
		}
	}
	return out
}

// stringOf is the value of a string constant expression: a literal, a sum
// of them, or a constant consts names.
func stringOf(e ast.Expr, consts map[string]string) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		v := constant.MakeFromLiteral(e.Value, e.Kind, 0)
		if v.Kind() != constant.String {
			return "", false
		}
		return constant.StringVal(v), true
	case *ast.ParenExpr:
		return stringOf(e.X, consts)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		a, ok1 := stringOf(e.X, consts)
		b, ok2 := stringOf(e.Y, consts)
		return a + b, ok1 && ok2
	case *ast.Ident:
		s, ok := consts[e.Name]
		return s, ok
	}
	return "", false
}

// English is the English catalog for the messages keys: each its own
// text, unless old, the catalog as it was, gives it plural forms; a
// command's or option's name, key "cmd:" and the name, is the name, and
// so is a notation word's (i18n.NotationKey).
func English(keys []string, old map[string]json.RawMessage) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for _, k := range keys {
		if v, ok := old[k]; ok && bytes.HasPrefix(bytes.TrimSpace(v), []byte("{")) {
			out[k] = v
			continue
		}
		out[k] = jsonString(strings.TrimPrefix(strings.TrimPrefix(k, "cmd:"), i18n.NotationKey("")))
	}
	return out
}

// jsonString is s as JSON, without HTML escapes.
func jsonString(s string) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return bytes.TrimSpace(b.Bytes())
}

// Format writes a catalog as its file holds it: one message a line,
// sorted by key, so that a change to one message is a change to its line.
func Format(msgs map[string]json.RawMessage) []byte {
	var b bytes.Buffer
	b.WriteString("{\n")
	keys := slices.Sorted(maps.Keys(msgs))
	for i, k := range keys {
		var compact bytes.Buffer
		json.Compact(&compact, msgs[k])
		fmt.Fprintf(&b, "  %s: %s", jsonString(k), compact.Bytes())
		if i < len(keys)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// ReadFile reads a catalog file as its messages, raw.
func ReadFile(name string) (map[string]json.RawMessage, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	out := map[string]json.RawMessage{}
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}
