// The Go oracle of bench:navigation --precision: go/types, the compiler's own type checker, over every
// package folder under ROOT (imports resolved from GOPATH, errors tolerated so a missing dependency
// costs only the uses that need it). It prints one JSON array: each declaration in ROOT (functions,
// methods, types, struct fields and interface methods, package-level variables and constants) with
// the lines that use it (types.Info.Uses, which includes composite-literal keys) and its name path.
// Usage: GO111MODULE=off GOPATH=... gotypes ROOT IMPORT_PATH
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type declaration struct {
	Name string   `json:"name"`
	Path string   `json:"path"`
	Kind string   `json:"kind"`
	File string   `json:"file"`
	Line int      `json:"line"`
	Uses []string `json:"uses"`
	Defs []string `json:"defs"`
}

var fset = token.NewFileSet()

func at(root string, pos token.Pos) (string, int, bool) {
	p := fset.Position(pos)
	rel, err := filepath.Rel(root, p.Filename)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", 0, false
	}
	return filepath.ToSlash(rel), p.Line, true
}

func key(pos token.Pos) string {
	p := fset.Position(pos)
	return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)
}

// Members of named structs and interfaces: the identifier's position → the type's name.
func memberOwners(files []*ast.File, owners map[string]string) {
	for _, file := range files {
		ast.Inspect(file, func(n ast.Node) bool {
			spec, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			var fields *ast.FieldList
			switch t := spec.Type.(type) {
			case *ast.StructType:
				fields = t.Fields
			case *ast.InterfaceType:
				fields = t.Methods
			}
			if fields != nil {
				for _, field := range fields.List {
					for _, name := range field.Names {
						owners[key(name.Pos())] = spec.Name.Name
					}
				}
			}
			return true
		})
	}
}

func receiverName(sig *types.Signature) string {
	if sig.Recv() == nil {
		return ""
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if named, ok := t.(*types.Named); ok {
		return named.Obj().Name()
	}
	return ""
}

func kindOf(obj types.Object, owner string) (string, string) {
	switch o := obj.(type) {
	case *types.Func:
		if recv := receiverName(o.Type().(*types.Signature)); recv != "" {
			return "method", recv + "." + o.Name()
		}
		if owner != "" {
			return "method", owner + "." + o.Name()
		}
		return "function", o.Name()
	case *types.TypeName:
		return "type", o.Name()
	case *types.Var:
		if o.IsField() && owner != "" {
			return "field", owner + "." + o.Name()
		}
		if o.Parent() != nil && o.Parent() == o.Pkg().Scope() {
			return "variable", o.Name()
		}
	case *types.Const:
		if o.Parent() != nil && o.Parent() == o.Pkg().Scope() {
			return "variable", o.Name()
		}
	}
	return "", ""
}

func main() {
	root, _ := filepath.Abs(os.Args[1])
	importPath := os.Args[2]
	decls := map[string]*declaration{}
	uses := map[string]map[string]bool{}
	owners := map[string]string{}
	imp := importer.ForCompiler(fset, "source", nil)
	filepath.Walk(root, func(dir string, info os.FileInfo, err error) error {
		if err != nil || !info.IsDir() {
			return nil
		}
		pkgs, _ := parser.ParseDir(fset, dir, nil, 0)
		names := make([]string, 0, len(pkgs))
		for name := range pkgs {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			var files []*ast.File
			for _, f := range pkgs[name].Files {
				files = append(files, f)
			}
			sort.Slice(files, func(i, j int) bool {
				return fset.Position(files[i].Pos()).Filename < fset.Position(files[j].Pos()).Filename
			})
			memberOwners(files, owners)
			rel, _ := filepath.Rel(root, dir)
			path := importPath
			if rel != "." {
				path += "/" + filepath.ToSlash(rel)
			}
			if strings.HasSuffix(name, "_test") {
				path += "_test"
			}
			info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
			conf := types.Config{Importer: imp, Error: func(error) {}}
			conf.Check(path, fset, files, info)
			for ident, obj := range info.Defs {
				if obj == nil {
					continue
				}
				kind, namePath := kindOf(obj, owners[key(ident.Pos())])
				file, line, inside := at(root, ident.Pos())
				if kind == "" || !inside || obj.Name() == "_" {
					continue
				}
				k := key(obj.Pos())
				if decls[k] == nil {
					decls[k] = &declaration{Name: obj.Name(), Path: namePath, Kind: kind, File: file, Line: line, Uses: []string{}, Defs: []string{}}
				}
			}
			for ident, obj := range info.Uses {
				file, line, inside := at(root, ident.Pos())
				if !inside || obj == nil || !obj.Pos().IsValid() {
					continue
				}
				k := key(obj.Pos())
				if uses[k] == nil {
					uses[k] = map[string]bool{}
				}
				uses[k][fmt.Sprintf("%s:%d", file, line)] = true
			}
		}
		return nil
	})
	out := make([]*declaration, 0, len(decls))
	for k, d := range decls {
		for use := range uses[k] {
			d.Uses = append(d.Uses, use)
		}
		sort.Strings(d.Uses)
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line || (out[i].Line == out[j].Line && out[i].Path < out[j].Path)
	})
	json.NewEncoder(os.Stdout).Encode(out)
}
