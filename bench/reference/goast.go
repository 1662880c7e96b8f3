// Independent reference for the symbol benchmark: functions, methods (with their receiver type) and
// type declarations of Go files, with their line spans, from the standard library's go/ast.
// Usage: go run goast.go FILE... → one JSON object per line.
package main

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
)

type symbol struct {
	File  string `json:"file"`
	Name  string `json:"name"`
	Scope string `json:"scope,omitempty"`
	Kind  string `json:"kind"`
	Line  int    `json:"line"`
	Doc   int    `json:"doc,omitempty"`
	End   int    `json:"end"`
}

func receiver(expr ast.Expr) string {
	switch t := expr.(type) {
	case *ast.StarExpr:
		return receiver(t.X)
	case *ast.IndexExpr:
		return receiver(t.X)
	case *ast.IndexListExpr:
		return receiver(t.X)
	case *ast.Ident:
		return t.Name
	}
	return ""
}

func main() {
	out := json.NewEncoder(os.Stdout)
	for _, path := range os.Args[1:] {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			continue
		}
		line := func(p token.Pos) int { return fset.Position(p).Line }
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				s := symbol{File: path, Name: d.Name.Name, Kind: "function", Line: line(d.Pos()), End: line(d.End())}
				if d.Doc != nil {
					s.Doc = line(d.Doc.Pos())
				}
				if d.Recv != nil && len(d.Recv.List) > 0 {
					s.Scope = receiver(d.Recv.List[0].Type)
					s.Kind = "method"
				}
				out.Encode(s)
			case *ast.GenDecl:
				if d.Tok != token.TYPE {
					continue
				}
				for _, spec := range d.Specs {
					ts := spec.(*ast.TypeSpec)
					from, to, doc := ts.Pos(), ts.End(), ts.Doc
					if !d.Lparen.IsValid() { // `type T struct{…}`: the declaration with its keyword
						from, to, doc = d.Pos(), d.End(), d.Doc
					}
					s := symbol{File: path, Name: ts.Name.Name, Kind: "type", Line: line(from), End: line(to)}
					if doc != nil {
						s.Doc = line(doc.Pos())
					}
					out.Encode(s)
				}
			}
		}
	}
}
